import { createWriteStream, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openConsole } from './console';

/**
 * bench:screen -- [--minutes 30] [--snapshot-at 8,11 [--snapshot-dir DIR]]
 * The dark data screen left on: Chromium shows /large-screen of the demo's first park against a demo
 * server of its own (simulated devices reporting, alarms, irrigation) for `minutes`. After a forced
 * garbage collection it reads the page's JS heap once the first 5 minutes have passed (half the run
 * when it is not longer than that) and again at the end; the page's main-thread CPU is the growth of CDP's TaskDuration
 * over the wall time since the screen was ready. Budget: heap growth within 20 %, CPU under 15 % of one
 * core. Progress goes to stderr; the last line is one JSON object.
 */
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    // heap snapshots (CDP) at these minutes, e.g. "8,11", written to --snapshot-dir: to find what a step in the
    // heap holds (compare them in Chromium's DevTools, Memory tab); taking one costs the page's CPU of that minute
    'snapshot-at': { type: 'string', default: '' },
    'snapshot-dir': { type: 'string', default: join(tmpdir(), 'farmpark-bench-screen-snapshots') },
  },
});
const minutes = Number(args.minutes);
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');
const snapshotAt = args['snapshot-at']
  .split(',')
  .filter(Boolean)
  .map(Number)
  .filter((m) => m > 0 && m < minutes);
// the budget's baseline is the heap after the first 5 minutes; a run of 5 minutes or less takes its middle
const BASELINE_MIN = minutes > 5 ? 5 : minutes / 2;
const HEAP_BUDGET = 20;
const CPU_BUDGET = 15;
const log = (s: string) => process.stderr.write(`[bench:screen] ${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;

async function main() {
  const { page, context, close } = await openConsole('screen', log);
  try {
    await page.goto('/large-screen');
    await page
      .locator('[data-testid="screen-map-canvas"][data-ready="true"]')
      .waitFor({ timeout: 60_000 })
      .catch((err: Error) => {
        throw new Error(`the screen did not open at ${page.url()}: ${err.message}`);
      });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const sample = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const m = new Map(metrics.map((x) => [x.name, x.value]));
      const dom = await cdp.send('Memory.getDOMCounters');
      return {
        at: Date.now(),
        heap: m.get('JSHeapUsedSize') ?? 0,
        task: m.get('TaskDuration') ?? 0,
        nodes: dom.nodes,
        listeners: dom.jsEventListeners,
      };
    };
    const snapshot = async (minute: number) => {
      mkdirSync(args['snapshot-dir'], { recursive: true });
      const file = join(args['snapshot-dir'], `screen-${minute}min.heapsnapshot`);
      const out = createWriteStream(file);
      const onChunk = ({ chunk }: { chunk: string }) => out.write(chunk);
      cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
      await new Promise((r) => out.end(r));
      log(`heap snapshot: ${file}`);
    };
    const first = await sample();
    // every heap figure is read after a forced collection: garbage not yet collected is not growth
    log(`screen ready; running ${minutes} min (baseline after ${BASELINE_MIN} min; heap read after a forced GC)`);
    // a sample each minute (progress) and one exactly at the baseline
    const baselineAt = first.at + BASELINE_MIN * 60_000;
    const times = new Set<number>([baselineAt, first.at + minutes * 60_000]);
    for (let m = 1; m < minutes; m++) times.add(first.at + m * 60_000);
    const snapshotTimes = new Map(snapshotAt.map((m) => [first.at + m * 60_000, m]));
    for (const at of snapshotTimes.keys()) times.add(at);
    let baseline: Awaited<ReturnType<typeof sample>> | null = null;
    let last = first;
    for (const at of [...times].sort((a, b) => a - b)) {
      await sleep(Math.max(0, at - Date.now()));
      const snapshotMinute = snapshotTimes.get(at);
      if (snapshotMinute !== undefined) await snapshot(snapshotMinute);
      const s = await sample();
      if (at === baselineAt) baseline = s;
      const cpu = ((s.task - last.task) / ((s.at - last.at) / 1000)) * 100;
      log(
        `${((s.at - first.at) / 60_000).toFixed(1)} min: heap ${mb(s.heap)} MB, nodes ${s.nodes}, ` +
          `listeners ${s.listeners}, cpu ${cpu.toFixed(1)} % of a core${at === baselineAt ? ' (baseline)' : ''}`,
      );
      last = s;
    }
    const end = last;
    const start = baseline ?? first;
    const heapGrowthPercent = Math.round(((end.heap - start.heap) / start.heap) * 1000) / 10;
    const cpuPercentOfCore = Math.round(((end.task - first.task) / ((end.at - first.at) / 1000)) * 1000) / 10;
    const pass = heapGrowthPercent <= HEAP_BUDGET && cpuPercentOfCore < CPU_BUDGET;
    process.stdout.write(
      `${JSON.stringify({
        minutes,
        heapGrowthPercent,
        cpuPercentOfCore,
        heapAfterForcedGc: true,
        heapMbAtBaseline: mb(start.heap),
        heapMbAtEnd: mb(end.heap),
        domNodes: end.nodes,
        listeners: end.listeners,
        pass,
      })}\n`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
