import { RawDevice } from '../apps/server/src/test/rawDevice';

/** Shared by the ingest and live benchmarks: paced QoS 1 telemetry from many device connections. */
export const WEATHER_KEYS = [
  'airTemp',
  'airHumidity',
  'dewPoint',
  'airPressure',
  'windSpeed',
  'windDirection',
  'solarRadiation',
  'illuminance',
];

/** A plausible weather-station reading; cheap to make (the generator shares the machine with the server). */
export function weatherPayload(ts: number, i: number): Buffer {
  const t = 15 + 10 * Math.sin(i / 500);
  return Buffer.from(
    `{"readings":[{"ts":${ts},"values":{"airTemp":${t.toFixed(1)},"airHumidity":${(60 - t).toFixed(1)},"dewPoint":${(t - 8).toFixed(1)},"airPressure":${1000 + (i % 20)},"windSpeed":${((i % 70) / 10).toFixed(1)},"windDirection":${i % 360},"solarRadiation":${i % 900},"illuminance":${(i * 37) % 90000}}}]}`,
  );
}

export interface LoadResult {
  sent: number;
  acked: number;
  failed: number;
  latencies: Float64Array;
  /** acknowledged (device index, ts) pairs, for the loss check */
  ackedTs: number[][];
  seconds: number;
}

export interface LoadOptions {
  devices: { serial: string; secret: string }[];
  host: string;
  port: number;
  /** Target messages per second over all devices. */
  rate: number;
  seconds: number;
  /** Cap of unacknowledged publishes per connection (beyond it the device waits, like a real client). */
  window: number;
  firstTs: number;
  stepMs: number;
  payload?: (ts: number, i: number) => Buffer;
  topic?: (serial: string) => string;
  /** Record acknowledged timestamps (costs memory; on for the loss check). */
  keepAcked?: boolean;
  connected?: RawDevice[];
}

export async function connectAll(devices: LoadOptions['devices'], host: string, port: number): Promise<RawDevice[]> {
  const out: RawDevice[] = [];
  for (let i = 0; i < devices.length; i += 50) {
    out.push(
      ...(await Promise.all(devices.slice(i, i + 50).map((d) => RawDevice.connect(host, port, d.serial, d.secret)))),
    );
  }
  return out;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const conns = o.connected ?? (await connectAll(o.devices, o.host, o.port));
  const make = o.payload ?? weatherPayload;
  const topicOf = o.topic ?? ((s: string) => `dev/${s}/up/telemetry`);
  const topics = conns.map((c) => topicOf(c.serial));
  const seq = new Array(conns.length).fill(0);
  const ackedTs: number[][] = conns.map(() => []);
  const latencies = new Float64Array(Math.min(5_000_000, Math.ceil(o.rate * o.seconds * 1.1) + 1000));
  let nLat = 0;
  let sent = 0;
  let acked = 0;
  let failed = 0;
  const tickMs = 5;
  const perTick = (o.rate * tickMs) / 1000;
  let skippedTotal = 0;
  let next = 0;
  const start = performance.now();
  const end = start + o.seconds * 1000;
  const inflight = new Set<Promise<unknown>>();

  while (performance.now() < end) {
    // budget from elapsed time, so late or early timer ticks neither lose nor add messages
    let budget = Math.floor((o.rate * (performance.now() - start)) / 1000) - sent - skippedTotal;
    if (budget > perTick * 20) {
      // the devices' windows are full: what cannot be sent now is dropped from the schedule, not piled up
      skippedTotal += budget - Math.ceil(perTick * 20);
      budget = Math.ceil(perTick * 20);
    }
    // round-robin over the devices; one whose window is full is skipped this tick
    let skipped = 0;
    while (budget > 0 && skipped < conns.length) {
      const d = next;
      next = (next + 1) % conns.length;
      const c = conns[d];
      if (c.closed || c.inflight >= o.window) {
        skipped++;
        continue;
      }
      skipped = 0;
      const ts = o.firstTs + seq[d]++ * o.stepMs;
      const p = c.publish(topics[d], make(ts, seq[d])).then(
        (ms) => {
          acked++;
          if (nLat < latencies.length) latencies[nLat++] = ms;
          if (o.keepAcked) ackedTs[d].push(ts);
        },
        () => {
          failed++;
        },
      );
      sent++;
      budget--;
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    }
    const wait = start + Math.ceil((performance.now() - start + 0.001) / tickMs) * tickMs - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, wait)));
  }
  const seconds = (performance.now() - start) / 1000;
  // let the last publishes be answered (counted as acked, outside the timed window for the rate)
  const ackedInWindow = acked;
  await Promise.race([Promise.allSettled([...inflight]), new Promise((r) => setTimeout(r, 15_000))]);
  return {
    sent,
    acked: ackedInWindow,
    failed,
    latencies: latencies.subarray(0, nLat),
    ackedTs,
    seconds,
  };
}

export function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs a benchmark's main: its JSON line on stdout, exit 0; a failure's stack on stderr, exit 1. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
