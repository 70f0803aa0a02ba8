import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../apps/server/src/demo/data';
import { type SpawnedServer, spawnServer } from '../apps/server/src/test/spawnServer';
import { log, numericArgs } from './args';
import { liveLatency, p95, ptzVisible } from './videoLatency';
import { buildConsole, wallFirstFrames } from './videoWall';

/**
 * bench:video -- [--seconds 30] [--idle 10]
 * The demo (DEMO=1, its simulated cameras behind the EZVIZ simulator) as a child process. Every camera is
 * played once (someone looked at the wall), then nobody watches: after the idle time the stream manager and
 * the simulator stop their ffmpeg processes, and the CPU of every ffmpeg the server started is summed over
 * `--seconds` (from /proc: what the cameras cost while unwatched). The console wall part (first frame in
 * Chromium) fills `wallFirstFrameP95Ms`. Prints one JSON object as its last line.
 */
const { seconds, idle } = numericArgs({ seconds: 30, idle: 10 });
const TICKS_PER_S = 100;

/** Which ffmpeg: a recorder (its segment files under `recordings/`), the RTSP simulator's scene, any. */
export type FfmpegKind = 'recorder' | 'scene' | 'other';
function kindOf(p: string): FfmpegKind {
  const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
  if (cmd.includes('\0segment\0') && cmd.includes('/recordings/')) return 'recorder';
  if (cmd.includes('\0rtsp\0') && cmd.includes('-rtsp_transport') && cmd.includes('farmpark-scene')) return 'scene';
  return 'other';
}

/** CPU ticks (user + system) of each ffmpeg whose parent is `pid` (of one kind when `only` says so). */
function ffmpegTicks(pid: number, only?: FfmpegKind): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // after the name: state(0) ppid(1) ... utime(11) stime(12)
      if (comm !== 'ffmpeg' || Number(f[1]) !== pid || (only && kindOf(p) !== only)) continue;
      out.set(Number(p), Number(f[11]) + Number(f[12]));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Percent of one core the server's ffmpeg processes used over `s` seconds (sampled each second). */
export async function ffmpegCpuPercent(
  pid: number,
  s: number,
  only?: FfmpegKind,
): Promise<{ percent: number; maxProcesses: number }> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let maxProcesses = 0;
  for (let i = 0; i <= s; i++) {
    const now = ffmpegTicks(pid, only);
    maxProcesses = Math.max(maxProcesses, now.size);
    for (const [p, t] of now) {
      // A process born during the window counts from zero.
      if (!first.has(p)) first.set(p, i === 0 ? t : 0);
      last.set(p, t);
    }
    if (i < s) await new Promise((r) => setTimeout(r, 1000));
  }
  let ticks = 0;
  for (const [p, t] of last) ticks += t - (first.get(p) ?? 0);
  return { percent: (ticks / TICKS_PER_S / s) * 100, maxProcesses };
}

async function login(base: string, loginName: string): Promise<string> {
  const res = await fetch(`${base}/api/merchant/login/loginByPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ loginName, loginPwd: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: string }).data;
}

/** Plays every camera of the demo merchants once and fetches its playlist: a wall that was looked at. */
export async function watchAllOnce(base: string): Promise<number> {
  let playing = 0;
  for (const user of ['demo', 'demo2']) {
    const token = await login(base, user);
    const list = (await (
      await fetch(`${base}/api/merchant/video/camera/list`, { headers: { AuthToken: token } })
    ).json()) as { data: { id: number }[] };
    const plays = await Promise.all(
      list.data.map(async (c) => {
        const r = await fetch(`${base}/api/merchant/video/camera/play?id=${c.id}`, { headers: { AuthToken: token } });
        return ((await r.json()) as { data: { ok: boolean; url?: string } }).data;
      }),
    );
    for (const p of plays)
      if (p.ok && p.url) {
        await fetch(`${base}${p.url}`);
        playing++;
      }
  }
  return playing;
}

export async function startVideoDemo(
  env: Record<string, string> = {},
): Promise<{ server: SpawnedServer; base: string; done: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'farmpark-bench-video-'));
  const server = await spawnServer(dataDir, { DEMO: '1', ...env });
  return {
    server,
    base: `http://127.0.0.1:${server.port}`,
    async done() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const demo = await startVideoDemo({
    VIDEO_IDLE_SECONDS: String(idle),
    WEB_DIST: buildConsole(),
    // the simulated cameras draw the wall clock in the picture: the latency is read off the frames
    VIDEO_SIM_TIME_CODE: 'true',
  });
  const pid = demo.server.proc.pid as number;
  try {
    // the wall first, on cold streams; then, on the playing wall, the latency and the PTZ feedback
    let latency: number[] = [];
    let ptz: number[] = [];
    const wall = await wallFirstFrames(demo.base, async (page, cams, token) => {
      latency = await liveLatency(page, cams.length, 10);
      log(`live latency over 10 s, ${latency.length} frames: p95 ${p95(latency)} ms, median ${median(latency)} ms`);
      const tile = cams.findIndex((c) => c.ptz);
      if (tile < 0) {
        log('no PTZ camera on the wall');
        return;
      }
      const id = (cams[tile] as { id: number }).id;
      const ptzCall = (body: object) =>
        fetch(`${demo.base}/api/merchant/video/camera/ptz`, {
          method: 'POST',
          headers: { AuthToken: token, 'content-type': 'application/json' },
          body: JSON.stringify({ id, ...body }),
        });
      ptz = await ptzVisible(
        page,
        tile,
        10,
        async (direction) => {
          const at = Date.now();
          // pressed when sent: the response is not waited for, as a person does not wait for it
          void ptzCall({ action: 'start', direction, speed: 2 });
          return at;
        },
        async (direction) => void (await ptzCall({ action: 'stop', direction })),
      );
      log(`PTZ press to first changed frame: p95 ${p95(ptz)} ms (${ptz.join(', ')})`);
    });
    log(`9-tile wall, click to first frame: p95 ${wall.p95Ms} ms (${wall.samples.join(', ')})`);
    const playing = await watchAllOnce(demo.base);
    const watched = await ffmpegCpuPercent(pid, 5);
    log(
      `${playing} cameras played; while they ran: ${watched.percent.toFixed(1)} % of a core, ${watched.maxProcesses} ffmpeg`,
    );
    // The stream manager stops its relays after `idle`; the simulator's scenes follow `idle` later.
    log(`nobody watches now; waiting ${idle * 2 + 6} s for the idle stop`);
    await new Promise((r) => setTimeout(r, (idle * 2 + 6) * 1000));
    // the demo's gates record around the clock: their recorders (and the simulator's scenes feeding them)
    // run whether anyone watches; measured apart, over the same window
    const [unwatched, recording, scenes] = await Promise.all([
      ffmpegCpuPercent(pid, seconds, 'other'),
      ffmpegCpuPercent(pid, seconds, 'recorder'),
      ffmpegCpuPercent(pid, seconds, 'scene'),
    ]);
    log(
      `unwatched over ${seconds} s: ${unwatched.percent.toFixed(2)} % of a core, at most ${unwatched.maxProcesses} ffmpeg`,
    );
    log(
      `recording around the clock: ${recording.maxProcesses} recorders ${recording.percent.toFixed(2)} % of a core; ` +
        `the simulator's ${scenes.maxProcesses} gate scenes feeding them ${scenes.percent.toFixed(2)} % (a real camera encodes itself)`,
    );
    const pct = (x: { percent: number }) => Number(x.percent.toFixed(2));
    process.stdout.write(
      `${JSON.stringify({
        idleCpuPercentOfCore: pct(unwatched),
        recordingCpuPercentOfCore: pct(recording),
        recordingSceneCpuPercentOfCore: pct(scenes),
        wallFirstFrameP95Ms: wall.p95Ms,
        liveLatencyP95Ms: latency.length ? p95(latency) : null,
        ptzVisibleP95Ms: ptz.length ? p95(ptz) : null,
      })}\n`,
    );
  } finally {
    await demo.done();
  }
}

main().catch((err: Error) => {
  log(err.stack ?? err.message);
  process.exit(1);
});
