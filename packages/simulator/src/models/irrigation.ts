import { Behaviour, CommandRefused, type CommandResult, type SimContext, type ZoneClog } from '../behaviour';
import { hash01 } from '../random';
import { batteryVoltage, stepBattery } from './power';
import { weatherAt } from './weather';

export interface StartIrrigationParams {
  zones: number[];
  durationMin?: number;
  volumeM3?: number;
  recipe?: unknown;
}

/** Flow through the main pipe with `open` zone valves, m³/h (each zone ~2.4 m³/h, sharing the pump). */
export function pipeFlow(open: number, perZone: number): number {
  return open === 0 ? 0 : perZone * open ** 0.85;
}

/**
 * Pressure after the pump, MPa: drops as more valves draw on it; zero with all closed. A clogged line (`passed`,
 * the share of the usual flow its open zones let through) holds the pressure up before the clog.
 */
export function pipePressure(open: number, passed = 1): number {
  return open === 0 ? 0 : Math.max(0.12, 0.34 - 0.018 * open) + 0.08 * (1 - passed);
}

/** The zones' clogging lines (ZoneClog, from when each was set). */
export class ZoneClogs {
  private readonly clogs = new Map<number, ZoneClog & { since: number }>();

  set(zone: number, clog: ZoneClog | null, at: number): void {
    if (!Number.isInteger(zone) || zone < 1) throw new TypeError('clogZone: zone must be a whole number from 1');
    if (clog && !(clog.share >= 0 && clog.share < 1 && (clog.perHour ?? 0) >= 0 && (clog.max ?? 0.9) < 1))
      throw new TypeError('clogZone: share and max must be from 0 to under 1, perHour not negative');
    if (clog) this.clogs.set(zone, { ...clog, since: at });
    else this.clogs.delete(zone);
  }

  /** The share of its flow zone `zone`'s line loses at `ts`. */
  share(zone: number, ts: number): number {
    const c = this.clogs.get(zone);
    if (!c) return 0;
    const max = c.max ?? 0.9;
    return Math.min(Math.max(max, c.share), c.share + ((c.perHour ?? 0) * (ts - c.since)) / 3_600_000);
  }

  /** The share of the usual flow the open zones let through at `ts` (1 with none clogged or none open). */
  passed(valves: readonly (0 | 1)[], ts: number): number {
    const open = valves.flatMap((v, i) => (v ? [i + 1] : []));
    if (open.length === 0) return 1;
    return open.reduce((sum, z) => sum + 1 - this.share(z, ts), 0) / open.length;
  }
}

interface Run {
  zones: number[];
  endsAt: number | null;
  volumeM3: number | null;
  flowedM3: number;
}

/**
 * Irrigation controller / smart irrigation machine (with a flow meter) and valve controller (valves
 * and a solar battery only). A run opens its zones' valves and closes them after its duration or
 * volume; valves can also be switched one by one.
 */
export class ValveBank extends Behaviour {
  protected readonly valves: Array<0 | 1>;
  private run: Run | null = null;
  private totalWater: number;
  private readonly perZoneFlow: number;
  private battery: number;
  private readonly zoneWater = new ZoneWater();
  private readonly clogs = new ZoneClogs();

  constructor(
    ctx: SimContext,
    startTs: number,
    valveCount: number,
    private readonly metered: boolean,
  ) {
    super(ctx, startTs);
    this.valves = Array.from({ length: valveCount }, () => 0 as const);
    this.perZoneFlow = 2.4 * (0.9 + 0.2 * hash01(ctx.seed, 3));
    this.totalWater = Math.round(500 + 4000 * hash01(ctx.seed, 4));
    this.battery = 70 + 25 * hash01(ctx.seed, 5);
  }

  private get openCount(): number {
    return this.valves.reduce<number>((n, v) => n + v, 0);
  }

  private get flow(): number {
    return this.metered ? pipeFlow(this.openCount, this.perZoneFlow) * this.clogs.passed(this.valves, this.lastTs) : 0;
  }

  override clogZone(zone: number, clog: ZoneClog | null): void {
    if (zone > this.valves.length) throw new TypeError(`clogZone: this controller has ${this.valves.length} valves`);
    this.clogs.set(zone, clog, this.lastTs);
  }

  protected step(fromTs: number, toTs: number): void {
    let t = fromTs;
    while (t < toTs) {
      const flow = this.flow;
      let end = toTs;
      const run = this.run;
      if (run?.endsAt != null) end = Math.min(end, Math.max(t, run.endsAt));
      if (run?.volumeM3 != null && flow > 0) {
        // At least 1 ms, so float rounding near the end of a run cannot stall the loop.
        end = Math.min(end, Math.max(t + 1, t + ((run.volumeM3 - run.flowedM3) / flow) * 3_600_000));
      }
      const m3 = (flow * (end - t)) / 3_600_000;
      this.totalWater += m3;
      this.zoneWater.add(this.valves, m3);
      if (run) run.flowedM3 += m3;
      t = end;
      if (
        run &&
        ((run.endsAt != null && t >= run.endsAt) || (run.volumeM3 != null && run.flowedM3 >= run.volumeM3 - 1e-6))
      ) {
        for (const z of run.zones) this.valves[z - 1] = 0;
        this.run = null;
      }
    }
    if (!this.metered) {
      const w = weatherAt(toTs, this.ctx.place);
      this.battery = stepBattery(this.battery, w.solarRadiation, 0.3 * this.openCount, (toTs - fromTs) / 3_600_000);
    }
  }

  override takeZoneWater(): Record<number, number> {
    return this.metered ? this.zoneWater.take() : {};
  }

  get activeRun(): Readonly<Run> | null {
    return this.run;
  }

  private valveState(): Record<string, number> {
    return Object.fromEntries(this.valves.map((v, i) => [`valve${i + 1}`, v]));
  }

  sample(): Record<string, number> {
    if (!this.metered) {
      const w = weatherAt(this.lastTs, this.ctx.place);
      return { ...this.valveState(), voltage: batteryVoltage(this.battery, w.solarRadiation), battery: this.battery };
    }
    const open = this.openCount;
    return {
      flow: open ? this.flow + this.jitter(0, 0.03) : 0,
      pressure: open ? pipePressure(open, this.clogs.passed(this.valves, this.lastTs)) + this.jitter(1, 0.005) : 0,
      totalWater: this.totalWater,
      ...this.valveState(),
    };
  }

  override command(name: string, params: Record<string, unknown>): CommandResult {
    switch (name) {
      case 'setValve': {
        const valve = Number(params.valve);
        if (valve > this.valves.length) throw new CommandRefused(`this controller has ${this.valves.length} valves`);
        this.valves[valve - 1] = params.on ? 1 : 0;
        return { state: { [`valve${valve}`]: this.valves[valve - 1] } };
      }
      case 'startIrrigation': {
        if (!this.metered) throw new CommandRefused(`command ${name} is not supported`);
        if (this.run) throw new CommandRefused('an irrigation run is already active, stop it first');
        const p = params as unknown as StartIrrigationParams;
        const before = this.valveState();
        for (const z of p.zones) this.valves[z - 1] = 1;
        this.run = {
          zones: [...p.zones],
          endsAt: p.durationMin != null ? this.lastTs + p.durationMin * 60_000 : null,
          volumeM3: p.volumeM3 ?? null,
          flowedM3: 0,
        };
        return { state: changed(before, this.valveState()) };
      }
      case 'stopIrrigation': {
        if (!this.metered) throw new CommandRefused(`command ${name} is not supported`);
        const before = this.valveState();
        this.valves.fill(0);
        this.run = null;
        return { state: changed(before, this.valveState()) };
      }
      default:
        throw new CommandRefused(`command ${name} is not supported`);
    }
  }
}

/** The keys whose value differs between two snapshots, with the new value. */
export function changed(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => before[k] !== v));
}

/** Water per zone since it was last taken: what flowed split evenly over the open valves. */
export class ZoneWater {
  private readonly byZone = new Map<number, number>();

  add(valves: readonly (0 | 1)[], m3: number): void {
    const open = valves.reduce<number>((n, v) => n + v, 0);
    if (open === 0 || m3 <= 0) return;
    valves.forEach((v, i) => {
      if (v) this.byZone.set(i + 1, (this.byZone.get(i + 1) ?? 0) + m3 / open);
    });
  }

  take(): Record<number, number> {
    const out = Object.fromEntries(this.byZone);
    this.byZone.clear();
    return out;
  }
}
