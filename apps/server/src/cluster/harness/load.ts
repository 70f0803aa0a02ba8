import { RawDevice } from '../../test/rawDevice';

export interface NumberedLoad {
  /** Per device serial, the timestamps the broker acknowledged (reading n has ts = firstTs + n * stepMs). */
  acked: Map<string, number[]>;
  sent: number;
  failed: number;
  latencies: number[];
  stop(): Promise<void>;
}

/**
 * Numbered QoS 1 readings: every device publishes reading 0, 1, 2... every `intervalMs`, each with its own
 * timestamp, and keeps what was acknowledged so the check can find each one in the database.
 */
export async function startNumberedLoad(o: {
  devices: { serial: string; secret: string }[];
  host: string;
  port: number;
  intervalMs: number;
  firstTs: number;
  stepMs: number;
  values: (serial: string, n: number) => Record<string, number>;
}): Promise<NumberedLoad> {
  const conns = await Promise.all(o.devices.map((d) => RawDevice.connect(o.host, o.port, d.serial, d.secret)));
  const load: NumberedLoad = { acked: new Map(), sent: 0, failed: 0, latencies: [], stop: async () => {} };
  const inflight = new Set<Promise<unknown>>();
  let n = 0;
  const timer = setInterval(() => {
    const ts = o.firstTs + n * o.stepMs;
    for (const c of conns) {
      const payload = Buffer.from(JSON.stringify({ readings: [{ ts, values: o.values(c.serial, n) }] }));
      const p = c.publish(`dev/${c.serial}/up/telemetry`, payload).then(
        (ms) => {
          load.latencies.push(ms);
          const list = load.acked.get(c.serial) ?? [];
          list.push(ts);
          load.acked.set(c.serial, list);
        },
        () => {
          load.failed++;
        },
      );
      load.sent++;
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    }
    n++;
  }, o.intervalMs);
  load.stop = async () => {
    clearInterval(timer);
    await Promise.race([Promise.allSettled([...inflight]), new Promise((r) => setTimeout(r, 10_000))]);
    await Promise.all(conns.map((c) => c.close()));
  };
  return load;
}
