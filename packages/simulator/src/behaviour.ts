import type { DeviceClass } from '@farmpark/contracts';
import type { Place } from './models/place';
import { hash01 } from './random';

/** What a class's physics needs to know about the device it runs in. */
export interface SimContext {
  deviceClass: DeviceClass;
  model: string;
  /** Per-device seed: sensor noise, initial state, ack delays. */
  seed: number;
  place: Place;
}

export interface DeviceEvent {
  type: string;
  data: Record<string, unknown>;
}

/** The device itself refuses a valid command (e.g. "slide full"): acked ok:false with this reason. */
export class CommandRefused extends Error {}

/** A clogging line: the share of its flow lost now, growing by `perHour` of the simulated clock up to `max`. */
export interface ZoneClog {
  share: number;
  perHour?: number;
  max?: number;
}

export interface CommandResult {
  /** Parameter keys whose value the command changed, with their new values. */
  state: Record<string, number>;
}

/**
 * One device's physics, independent of MQTT so the live device and history generation share it.
 * advance() moves time forward, sample() takes a reading (and resets per-interval counters such as
 * rainfall), command() applies an already validated command at the current time.
 */
export abstract class Behaviour {
  protected lastTs: number;
  private events: DeviceEvent[] = [];

  constructor(
    protected readonly ctx: SimContext,
    startTs: number,
  ) {
    this.lastTs = startTs;
  }

  /** Longest single physics step: keeps run ends and day boundaries from being skipped over. */
  protected maxStepMs = 10 * 60_000;

  advance(ts: number): void {
    while (this.lastTs < ts) {
      const to = Math.min(ts, this.lastTs + this.maxStepMs);
      this.step(this.lastTs, to);
      this.lastTs = to;
    }
  }

  get now(): number {
    return this.lastTs;
  }

  abstract sample(): Record<string, number>;

  command(name: string, _params: Record<string, unknown>): CommandResult {
    throw new CommandRefused(`command ${name} is not supported`);
  }

  /**
   * What the site's own automation does to the device at `ts` when no one drives it. History has no server and
   * no rules running (history.ts), so a device its rules would have run keeps its routine here; live, the server's
   * rules and the operator drive it instead.
   */
  unattended(_ts: number): void {}

  /** Water reaching the ground as irrigation (mm); only classes with soil react. */
  irrigate(_mm: number): void {}

  /** Extra water loss (mm per hour) from the top layer, e.g. a fast-draining test plot; only soil reacts. */
  setDrying(_mmPerHour: number): void {}

  /** m³ delivered to each zone (1-based) since the last call; machines that water zones report it. */
  takeZoneWater(): Record<number, number> {
    return {};
  }

  /**
   * A zone's line clogs (or, null, is flushed clean): machines with a flow meter pass less water to it from now
   * on, and more as the clog grows; others ignore it.
   */
  clogZone(_zone: number, _clog: ZoneClog | null): void {}

  /** A fault reported by the controller; some classes show it in their telemetry. */
  setFault(_reason: string | null): void {}

  takeEvents(): DeviceEvent[] {
    return this.events.splice(0);
  }

  protected emit(type: string, data: Record<string, unknown>): void {
    this.events.push({ type, data });
  }

  protected abstract step(fromTs: number, toTs: number): void;

  /** Sensor noise: a deterministic +-amplitude wobble per device, channel and second. */
  protected jitter(channel: number, amplitude: number): number {
    return (
      (hash01(this.ctx.seed ^ Math.imul(channel + 1, 0x27d4eb2d), Math.floor(this.lastTs / 1000)) - 0.5) * 2 * amplitude
    );
  }
}
