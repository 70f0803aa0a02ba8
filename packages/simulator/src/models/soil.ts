import { Behaviour, type SimContext } from '../behaviour';
import { clamp, hash01, valueNoise } from '../random';
import { rainBetween, weatherAt } from './weather';

/** A loam: field capacity, wilting point and saturation in volume %. */
export const SOIL = { fieldCapacity: 36, wiltingPoint: 12, saturation: 46, residual: 5 } as const;
/** Layers around the 10, 20 and 40 cm probes: 0-15, 15-30, 30-60 cm, in mm. */
const THICKNESS_MM = [150, 150, 300] as const;
/** Share of root water uptake per layer. */
const UPTAKE = [0.6, 0.3, 0.1] as const;
const DRAIN_TAU_H = 6;
const DIFFUSION_TAU_H = 5 * 24;

export interface SoilWaterInput {
  /** Water reaching the surface in this step (rain + irrigation), mm. */
  infiltrationMm: number;
  /** Reference evapotranspiration over the step, mm. */
  et0Mm: number;
  dtHours: number;
}

/** Moisture of the three layers (vol %) after one step: infiltration, uptake, drainage, slow exchange. */
export function stepSoilWater(m: readonly number[], input: SoilWaterInput): number[] {
  const next = [...m];
  const mm2pct = (i: number, mm: number) => (mm / THICKNESS_MM[i]) * 100;
  const pct2mm = (i: number, pct: number) => (pct / 100) * THICKNESS_MM[i];

  next[0] = Math.min(SOIL.saturation, next[0] + mm2pct(0, input.infiltrationMm));

  // Plants draw less as the soil dries (stress between wilting point and 70% of field capacity).
  const cropEt = 0.9 * input.et0Mm;
  for (let i = 0; i < 3; i++) {
    const stress = clamp((next[i] - SOIL.wiltingPoint) / (SOIL.fieldCapacity * 0.7 - SOIL.wiltingPoint), 0.05, 1);
    next[i] = Math.max(SOIL.residual, next[i] - mm2pct(i, cropEt * UPTAKE[i] * stress));
  }

  // Water above field capacity drains down; the deepest layer drains away.
  const drainFrac = 1 - Math.exp(-input.dtHours / DRAIN_TAU_H);
  for (let i = 0; i < 3; i++) {
    if (next[i] <= SOIL.fieldCapacity) continue;
    const mm = pct2mm(i, (next[i] - SOIL.fieldCapacity) * drainFrac);
    next[i] -= mm2pct(i, mm);
    if (i < 2) next[i + 1] = Math.min(SOIL.saturation, next[i + 1] + mm2pct(i + 1, mm));
  }

  // Slow capillary exchange: deep layers lag and damp what happens at the surface.
  const diffFrac = 1 - Math.exp(-input.dtHours / DIFFUSION_TAU_H);
  for (let i = 0; i < 2; i++) {
    const flowMm = (((next[i + 1] - next[i]) / 100) * Math.min(THICKNESS_MM[i], THICKNESS_MM[i + 1]) * diffFrac) / 2;
    next[i] += mm2pct(i, flowMm);
    next[i + 1] -= mm2pct(i + 1, flowMm);
  }
  return next;
}

/**
 * Time constants of the cascaded first-order filters standing in for heat conduction: air -> 10 cm
 * -> 20 cm -> 40 cm. Chosen so the daily swing is damped about e^-1 per 10 cm and delayed about
 * 4 h per 10 cm, as the analytic heat-wave solution for a loam (damping depth ~10 cm) gives.
 */
export const SOIL_TEMP_TAU_H = [9.5, 9.5, 28] as const;
/** Bare soil runs a little warmer than the air on average (absorbed sunshine). */
const SOIL_WARMTH = 1.2;

/** Soil temperatures at 10/20/40 cm after a step with this air temperature. */
export function stepSoilTemp(t: readonly number[], airTemp: number, dtHours: number): number[] {
  const next = [...t];
  let drive = airTemp + SOIL_WARMTH;
  for (let i = 0; i < 3; i++) {
    next[i] += (drive - next[i]) * (1 - Math.exp(-dtHours / SOIL_TEMP_TAU_H[i]));
    drive = next[i];
  }
  return next;
}

/** Soil station: moisture at 10/20/40 cm driven by rain, irrigation and evapotranspiration. */
export class SoilStation extends Behaviour {
  private moisture: number[];
  private temps: number[];
  private pendingIrrigationMm = 0;
  private dryingMmPerHour = 0;
  private readonly base: { ec: number; ph: number; n: number; p: number; k: number };

  constructor(ctx: SimContext, startTs: number) {
    super(ctx, startTs);
    const r = (i: number) => hash01(ctx.seed, i);
    const start = 22 + 8 * r(1);
    this.moisture = [start, start + 2, start + 4];
    const mean = weatherAt(startTs, ctx.place).meanTemp + SOIL_WARMTH;
    this.temps = [mean, mean, mean];
    this.base = { ec: 0.3 + 0.9 * r(2), ph: 6 + 1.8 * r(3), n: 60 + 120 * r(4), p: 15 + 45 * r(5), k: 80 + 170 * r(6) };
  }

  get layers(): readonly number[] {
    return this.moisture;
  }

  override setDrying(mmPerHour: number): void {
    if (!Number.isFinite(mmPerHour) || mmPerHour < 0)
      throw new RangeError('setDrying: mmPerHour must be a non-negative number');
    this.dryingMmPerHour = mmPerHour;
  }

  override irrigate(mm: number): void {
    if (!Number.isFinite(mm) || mm < 0) throw new RangeError('irrigate: mm must be a non-negative number');
    this.pendingIrrigationMm += mm;
  }

  protected step(fromTs: number, toTs: number): void {
    const place = this.ctx.place;
    const infiltrationMm = rainBetween(place, fromTs, toTs) + this.pendingIrrigationMm;
    this.pendingIrrigationMm = 0;
    const dtHours = (toTs - fromTs) / 3_600_000;
    // One weather sample at mid-step drives both evaporation and heat (steps are at most 10 min).
    const w = weatherAt((fromTs + toTs) / 2, place);
    this.moisture = stepSoilWater(this.moisture, { infiltrationMm, et0Mm: w.et0Rate * dtHours, dtHours });
    if (this.dryingMmPerHour > 0) {
      const pct = ((this.dryingMmPerHour * dtHours) / 150) * 100;
      this.moisture[0] = Math.max(SOIL.residual, this.moisture[0] - pct);
    }
    this.temps = stepSoilTemp(this.temps, w.airTemp, dtHours);
  }

  sample(): Record<string, number> {
    const ts = this.lastTs;
    const slow = (i: number, days: number) => valueNoise(this.ctx.seed ^ (0x5011 + i), ts / (days * 86_400_000));
    const [m10, m20, m40] = this.moisture;
    // Salts concentrate as the topsoil dries.
    const ec = this.base.ec * Math.sqrt(30 / Math.max(m10, 8)) * (1 + 0.1 * slow(1, 20));
    return {
      soilMoisture10: m10 + this.jitter(0, 0.1),
      soilMoisture20: m20 + this.jitter(1, 0.1),
      soilMoisture40: m40 + this.jitter(2, 0.1),
      soilTemp10: this.temps[0],
      soilTemp20: this.temps[1],
      soilTemp40: this.temps[2],
      soilEc: ec,
      soilPh: this.base.ph + 0.15 * slow(2, 30),
      nitrogen: this.base.n * (1 + 0.12 * slow(3, 25)),
      phosphorus: this.base.p * (1 + 0.1 * slow(4, 40)),
      potassium: this.base.k * (1 + 0.1 * slow(5, 35)),
    };
  }
}
