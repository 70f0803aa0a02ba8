import { createFleet, DEFAULT_ZONE_AREA_M2, type Fleet, type VirtualDevice, ZoneLinks } from '@farmpark/simulator';
import type { DemoDeviceEntry } from './devices';

/** How long publishAll waits for one device's acknowledged reading. */
const PUBLISH_WAIT_MS = 5_000;

export interface DemoFleet {
  connected: number;
  /** A simulated device by serial, whichever interval's fleet it runs in. */
  get(serial: string): VirtualDevice | undefined;
  /** Zone `zone` of an irrigator waters a soil station, across fleets (machines and stations report at different intervals). */
  link(irrigatorSerial: string, zone: number, soilSerial: string, areaM2?: number): void;
  /** Every device takes a reading and publishes it now (after the simulated clock moved). */
  publishAll(): Promise<void>;
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
    /** The simulated world's clock (SimClock.now); readings keep the wall clock. */
    simNow?: () => number;
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
        ...(opts.simNow ? { simNow: opts.simNow } : {}),
      },
    );
    fleets.push(fleet);
    const result = await fleet.start();
    connected += result.connected;
    for (const f of result.failed) opts.log.warn({ serial: f.serial, err: f.error }, 'demo device could not connect');
  }
  opts.log.info({ connected, of: entries.length }, 'demo devices connected');
  const get = (serial: string) => fleets.map((f) => f.get(serial)).find((d) => d !== undefined);
  const zoneLinks = new ZoneLinks();
  return {
    connected,
    get,
    link(irrigatorSerial, zone, soilSerial, areaM2 = DEFAULT_ZONE_AREA_M2) {
      const irrigator = get(irrigatorSerial);
      const soil = get(soilSerial);
      if (!irrigator) throw new TypeError(`link: no demo device ${irrigatorSerial}`);
      if (!soil) throw new TypeError(`link: no demo device ${soilSerial}`);
      zoneLinks.link(irrigator, zone, soil, areaM2);
    },
    async publishAll() {
      // A device that cannot reach the broker (an earlier test renewed its secret or removed it) would hold
      // its QoS 1 publish until it reconnects: wait for each at most PUBLISH_WAIT_MS, not for ever.
      const settled = (p: Promise<void>) =>
        Promise.race([p.catch(() => {}), new Promise<void>((r) => setTimeout(r, PUBLISH_WAIT_MS).unref())]);
      await Promise.all(fleets.flatMap((f) => f.devices.map((d) => settled(d.publishNow()))));
    },
    async stop() {
      await Promise.all(fleets.map((f) => f.stop()));
    },
  };
}
