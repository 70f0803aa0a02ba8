import { z } from 'zod';
import { type DeviceOptions, VirtualDevice } from './device';
import { DEFAULT_ZONE_AREA_M2, ZoneLinks } from './links';
import { type DeviceEntry, describeZodError, deviceEntry } from './options';
import { resolutionFor, Ticker } from './ticker';

export interface FleetCommon {
  brokerUrl: string;
  telemetryIntervalMs?: number;
  now?: () => number;
  /** The simulated world's time (a SimClock); readings keep `now`. */
  simNow?: () => number;
  ackDelayMs?: [number, number];
  /** Devices connecting at the same time; a broker prefers a steady trickle to a stampede. */
  connectConcurrency?: number;
  /** The server's HTTP base URL: traps of the fleet upload their photos there (docs/DEVICES.md). */
  httpUrl?: string;
}

export interface FleetStartResult {
  connected: number;
  failed: Array<{ serial: string; error: string }>;
}

/** Many devices sharing one timer. */
export class Fleet {
  readonly devices: VirtualDevice[];
  private readonly bySerial = new Map<string, VirtualDevice>();
  private readonly concurrency: number;

  constructor(entries: DeviceEntry[], common: FleetCommon) {
    const list = z.array(deviceEntry).safeParse(entries);
    if (!list.success) throw new TypeError(`invalid devices: ${describeZodError(list.error)}`);
    const seen = new Set<string>();
    list.data.forEach((d, i) => {
      if (seen.has(d.serial)) throw new TypeError(`invalid devices: ${i}.serial: ${d.serial} appears twice`);
      seen.add(d.serial);
    });
    const interval = common.telemetryIntervalMs ?? 10_000;
    const ticker = new Ticker(resolutionFor(interval));
    this.concurrency = Math.max(1, common.connectConcurrency ?? 50);
    this.devices = list.data.map((d) => {
      const opts: DeviceOptions = {
        ...d,
        brokerUrl: common.brokerUrl,
        telemetryIntervalMs: interval,
        now: common.now,
        simNow: common.simNow,
        ackDelayMs: common.ackDelayMs,
        ...(common.httpUrl ? { httpUrl: common.httpUrl } : {}),
      };
      const device = new VirtualDevice(opts, ticker);
      this.bySerial.set(device.serial, device);
      return device;
    });
  }

  get(serial: string): VirtualDevice | undefined {
    return this.bySerial.get(serial);
  }

  private readonly zoneLinks = new ZoneLinks();

  /** Zone `zone` of an irrigation machine waters the soil station `soilSerial` (over `areaM2`). */
  link(irrigatorSerial: string, zone: number, soilSerial: string, areaM2 = DEFAULT_ZONE_AREA_M2): void {
    const irrigator = this.get(irrigatorSerial);
    const soil = this.get(soilSerial);
    if (!irrigator) throw new TypeError(`link: no device ${irrigatorSerial} in this fleet`);
    if (!soil) throw new TypeError(`link: no device ${soilSerial} in this fleet`);
    this.zoneLinks.link(irrigator, zone, soil, areaM2);
  }

  /** Connects every device; the ones the broker refuses are reported, not thrown. */
  async start(): Promise<FleetStartResult> {
    const result: FleetStartResult = { connected: 0, failed: [] };
    let next = 0;
    const worker = async () => {
      while (next < this.devices.length) {
        const device = this.devices[next++];
        try {
          await device.start();
          result.connected += 1;
        } catch (err) {
          result.failed.push({ serial: device.serial, error: (err as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, this.devices.length) }, worker));
    return result;
  }

  async stop(): Promise<void> {
    await Promise.all(this.devices.map((d) => d.stop()));
  }
}

export function createFleet(devices: DeviceEntry[], common: FleetCommon): Fleet {
  return new Fleet(devices, common);
}
