import { createFleet, type Fleet } from '@farmpark/simulator';
import type { DemoDeviceEntry } from './devices';

export interface DemoFleet {
  connected: number;
  stop(): Promise<void>;
}

/**
 * The demo's simulated devices on real MQTT, one fleet per reporting interval (the simulator shares a
 * timer per fleet). A device the broker refuses is logged, not fatal: the console still serves.
 */
export async function startDemoFleet(
  entries: DemoDeviceEntry[],
  opts: {
    brokerUrl: string;
    /** The server's own HTTP address: traps upload their photos and detections there. */
    httpUrl?: string;
    log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  },
): Promise<DemoFleet> {
  const byInterval = new Map<number, DemoDeviceEntry[]>();
  for (const e of entries) byInterval.set(e.reportIntervalMs, [...(byInterval.get(e.reportIntervalMs) ?? []), e]);
  const fleets: Fleet[] = [];
  let connected = 0;
  for (const [interval, list] of byInterval) {
    const fleet = createFleet(
      list.map((e) => ({
        serial: e.serial,
        secret: e.secret,
        deviceClass: e.deviceClass,
        ...(e.model ? { model: e.model } : {}),
        ...(e.lat !== undefined ? { lat: e.lat } : {}),
        ...(e.lon !== undefined ? { lon: e.lon } : {}),
      })),
      {
        brokerUrl: opts.brokerUrl,
        telemetryIntervalMs: interval,
        connectConcurrency: 10,
        ...(opts.httpUrl ? { httpUrl: opts.httpUrl } : {}),
      },
    );
    fleets.push(fleet);
    const result = await fleet.start();
    connected += result.connected;
    for (const f of result.failed) opts.log.warn({ serial: f.serial, err: f.error }, 'demo device could not connect');
  }
  opts.log.info({ connected, of: entries.length }, 'demo devices connected');
  return {
    connected,
    async stop() {
      await Promise.all(fleets.map((f) => f.stop()));
    },
  };
}
