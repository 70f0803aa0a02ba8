import { Behaviour, CommandRefused, type CommandResult, type SimContext, type ZoneClog } from '../behaviour';
import { clamp, hash01, relax } from '../random';
import { changed, pipeFlow, pipePressure, type StartIrrigationParams, ZoneClogs, ZoneWater } from './irrigation';

/** `runState` values. */
export const RUN_STATE = { idle: 0, running: 1, fault: 2, stopping: 3 } as const;
const TANKS = ['tank1', 'tank2', 'tank3', 'tank4'] as const;
type Tank = (typeof TANKS)[number];
type Recipe = { tanks: Partial<Record<Tank, number>> } | { ecTarget: number; phTarget?: number };

/** Source water, before any fertiliser or acid. */
export const SOURCE_WATER = { ec: 0.45, ph: 7.2 } as const;
/** EC added per percent of flow injected from a nutrient tank (1:100 stock), mS/cm. */
const EC_PER_SHARE = 0.035;
/** pH drop per percent of flow injected from the acid tank. */
const PH_PER_ACID_SHARE = 0.06;
/** Nutrient salts acidify the water slightly; acid does the rest. */
const PH_PER_NUTRIENT_SHARE = 0.004;
const TANK_LITRES = 1000;
const FLUSH_MS = 30_000;
/**
 * Valve sequencing: the next zone's valve opens this long before the previous one closes, so the pump
 * never pushes against closed valves while the run moves from zone to zone (docs/IRRIGATION.md).
 */
export const VALVE_OVERLAP_MS = 5_000;

/** Injection shares (percent of flow) per tank for a recipe; EC targets split between tanks A and B. */
export function recipeShares(recipe: Recipe | null): Record<Tank, number> {
  const shares: Record<Tank, number> = { tank1: 0, tank2: 0, tank3: 0, tank4: 0 };
  if (!recipe) return shares;
  if ('tanks' in recipe) return { ...shares, ...recipe.tanks };
  const perTank = Math.max(0, recipe.ecTarget - SOURCE_WATER.ec) / EC_PER_SHARE / 2;
  shares.tank1 = shares.tank2 = clamp(perTank, 0, 100);
  if (recipe.phTarget !== undefined) {
    const phWithNutrients = SOURCE_WATER.ph - (shares.tank1 + shares.tank2) * PH_PER_NUTRIENT_SHARE;
    shares.tank4 = clamp((phWithNutrients - recipe.phTarget) / PH_PER_ACID_SHARE, 0, 100);
  }
  return shares;
}

/** EC and pH of the mixed water from what is actually injected (an empty tank injects nothing). */
export function mixedWater(shares: Record<Tank, number>, levels: Record<Tank, number>): { ec: number; ph: number } {
  const eff = (t: Tank) => (levels[t] > 0 ? shares[t] : 0);
  const nutrient = eff('tank1') + eff('tank2') + eff('tank3');
  return {
    ec: SOURCE_WATER.ec + nutrient * EC_PER_SHARE,
    ph: clamp(SOURCE_WATER.ph - nutrient * PH_PER_NUTRIENT_SHARE - eff('tank4') * PH_PER_ACID_SHARE, 3, 9),
  };
}

interface Run {
  zones: number[];
  index: number;
  zoneStartedAt: number;
  zoneFlowedM3: number;
  perZoneMs: number | null;
  perZoneM3: number | null;
  recipe: Recipe | null;
  /** The previous zone's valve, still open for the overlap, and when it closes. */
  closing: { zone: number; at: number } | null;
}

/**
 * Water-fertiliser machine: runs its zones one after another (the run's duration or volume split
 * evenly), doses from the tanks to the recipe, then flushes with clean water before going idle.
 */
export class WaterFertilizer extends Behaviour {
  private readonly valves: Array<0 | 1> = Array.from({ length: 16 }, () => 0 as const);
  private pump: 0 | 1 = 0;
  readonly stirrers: Record<Tank, 0 | 1> = { tank1: 0, tank2: 0, tank3: 0, tank4: 0 };
  private runState: number = RUN_STATE.idle;
  private run: Run | null = null;
  private stoppingUntil = 0;
  private totalWater: number;
  private ec: number = SOURCE_WATER.ec;
  private ph: number = SOURCE_WATER.ph;
  private readonly levels: Record<Tank, number>;
  private readonly perZoneFlow: number;
  private readonly zoneWater = new ZoneWater();
  private readonly clogs = new ZoneClogs();
  /** Dosing-channel meters, litres. */
  private readonly dosed: Record<Tank, number> = { tank1: 0, tank2: 0, tank3: 0, tank4: 0 };

  constructor(ctx: SimContext, startTs: number) {
    super(ctx, startTs);
    this.levels = { tank1: 0, tank2: 0, tank3: 0, tank4: 0 };
    TANKS.forEach((t, i) => {
      this.levels[t] = 60 + 35 * hash01(ctx.seed, 10 + i);
    });
    this.totalWater = Math.round(1000 + 9000 * hash01(ctx.seed, 4));
    this.perZoneFlow = 3 * (0.9 + 0.2 * hash01(ctx.seed, 3));
  }

  private get openCount(): number {
    return this.valves.reduce<number>((n, v) => n + v, 0);
  }

  private get flow(): number {
    return this.pump ? pipeFlow(this.openCount, this.perZoneFlow) * this.clogs.passed(this.valves, this.lastTs) : 0;
  }

  override clogZone(zone: number, clog: ZoneClog | null): void {
    if (zone > this.valves.length) throw new TypeError(`clogZone: this machine has ${this.valves.length} zones`);
    this.clogs.set(zone, clog, this.lastTs);
  }

  private get recipe(): Recipe | null {
    if (this.runState === RUN_STATE.stopping) return null;
    return this.run ? this.run.recipe : null;
  }

  protected step(fromTs: number, toTs: number): void {
    let t = fromTs;
    while (t < toTs) {
      let end = toTs;
      const run = this.run;
      const flow = this.flow;
      if (run?.perZoneMs != null) end = Math.min(end, Math.max(t, run.zoneStartedAt + run.perZoneMs));
      if (run?.perZoneM3 != null && flow > 0) {
        end = Math.min(end, Math.max(t + 1, t + ((run.perZoneM3 - run.zoneFlowedM3) / flow) * 3_600_000));
      }
      if (run?.closing) end = Math.min(end, Math.max(t, run.closing.at));
      if (this.runState === RUN_STATE.stopping) end = Math.min(end, Math.max(t, this.stoppingUntil));
      this.flowFor(t, end, flow);
      if (run) run.zoneFlowedM3 += (flow * (end - t)) / 3_600_000;
      t = end;
      if (run?.closing && t >= run.closing.at) {
        this.valves[run.closing.zone - 1] = 0;
        run.closing = null;
      }
      if (run && this.zoneDone(run, t)) this.nextZone(run, t);
      if (this.runState === RUN_STATE.stopping && t >= this.stoppingUntil) this.finishStopping();
    }
  }

  private flowFor(fromTs: number, toTs: number, flow: number): void {
    const dt = toTs - fromTs;
    if (dt <= 0) return;
    this.totalWater += (flow * dt) / 3_600_000;
    this.zoneWater.add(this.valves, (flow * dt) / 3_600_000);
    const shares = recipeShares(this.recipe);
    if (flow > 0) {
      for (const tank of TANKS) {
        const litresPerHour = flow * 1000 * (shares[tank] / 100) * 0.01;
        if (this.levels[tank] > 0) this.dosed[tank] += (litresPerHour * dt) / 3_600_000;
        this.levels[tank] = Math.max(0, this.levels[tank] - ((litresPerHour / TANK_LITRES) * 100 * dt) / 3_600_000);
      }
    }
    const target = flow > 0 ? mixedWater(shares, this.levels) : SOURCE_WATER;
    // The probe settles in a couple of minutes in moving water, slowly in standing water.
    const k = relax(dt, flow > 0 ? 2 * 60_000 : 30 * 60_000);
    this.ec += (target.ec - this.ec) * k;
    this.ph += (target.ph - this.ph) * k;
  }

  override takeZoneWater(): Record<number, number> {
    return this.zoneWater.take();
  }

  private zoneDone(run: Run, t: number): boolean {
    if (run.perZoneMs != null) return t >= run.zoneStartedAt + run.perZoneMs;
    return run.perZoneM3 != null && run.zoneFlowedM3 >= run.perZoneM3 - 1e-6;
  }

  private nextZone(run: Run, t: number): void {
    // The last zone stays open for the clean-water flush.
    if (run.index + 1 >= run.zones.length) {
      this.beginStopping(t);
      return;
    }
    // open the next zone first; the previous one closes after the overlap (step above)
    const previous = run.zones[run.index];
    run.index += 1;
    this.valves[run.zones[run.index] - 1] = 1;
    if (previous !== run.zones[run.index]) run.closing = { zone: previous, at: t + VALVE_OVERLAP_MS };
    run.zoneStartedAt = t;
    run.zoneFlowedM3 = 0;
  }

  private beginStopping(t: number): void {
    this.runState = RUN_STATE.stopping;
    this.run = null;
    this.stoppingUntil = t + FLUSH_MS;
  }

  private finishStopping(): void {
    this.valves.fill(0);
    this.pump = 0;
    this.runState = RUN_STATE.idle;
  }

  override setFault(reason: string | null): void {
    if (reason) {
      this.valves.fill(0);
      this.pump = 0;
      this.run = null;
      this.runState = RUN_STATE.fault;
    } else if (this.runState === RUN_STATE.fault) {
      this.runState = RUN_STATE.idle;
    }
  }

  private currentZone(): number {
    if (this.run) return this.run.zones[this.run.index];
    const open = this.valves.indexOf(1);
    return open < 0 ? 0 : open + 1;
  }

  private snapshot(): Record<string, number> {
    return { runState: this.runState, currentZone: this.currentZone() };
  }

  sample(): Record<string, number> {
    const flow = this.flow;
    return {
      ...this.snapshot(),
      flow: flow > 0 ? flow + this.jitter(0, 0.03) : 0,
      pressure:
        flow > 0
          ? pipePressure(this.openCount, this.clogs.passed(this.valves, this.lastTs)) + this.jitter(1, 0.005)
          : 0,
      totalWater: this.totalWater,
      ec: this.ec + this.jitter(2, 0.01),
      ph: this.ph + this.jitter(3, 0.01),
      ...this.levels,
      dosed1: this.dosed.tank1,
      dosed2: this.dosed.tank2,
      dosed3: this.dosed.tank3,
      dosed4: this.dosed.tank4,
    };
  }

  override command(name: string, params: Record<string, unknown>): CommandResult {
    const before = this.snapshot();
    switch (name) {
      case 'startIrrigation': {
        if (this.runState === RUN_STATE.running || this.runState === RUN_STATE.stopping)
          throw new CommandRefused('the machine is already running, stop it first');
        const p = params as unknown as StartIrrigationParams;
        const zones = p.zones;
        this.valves.fill(0);
        this.valves[zones[0] - 1] = 1;
        this.pump = 1;
        this.runState = RUN_STATE.running;
        this.run = {
          zones: [...zones],
          index: 0,
          zoneStartedAt: this.lastTs,
          zoneFlowedM3: 0,
          perZoneMs: p.durationMin != null ? (p.durationMin * 60_000) / zones.length : null,
          perZoneM3: p.volumeM3 != null ? p.volumeM3 / zones.length : null,
          recipe: (p.recipe as Recipe | undefined) ?? null,
          closing: null,
        };
        break;
      }
      case 'stopIrrigation':
        if (this.runState !== RUN_STATE.running && this.pump === 0) return { state: {} };
        this.beginStopping(this.lastTs);
        break;
      case 'setValve':
        this.valves[Number(params.valve) - 1] = params.on ? 1 : 0;
        break;
      case 'setPump':
        this.pump = params.on ? 1 : 0;
        break;
      case 'setStirrer':
        this.stirrers[params.tank as Tank] = params.on ? 1 : 0;
        break;
      default:
        throw new CommandRefused(`command ${name} is not supported`);
    }
    return { state: changed(before, this.snapshot()) };
  }
}
