import type { EnvActuator } from '@farmpark/contracts';
import { ENV_ACTUATORS } from '@farmpark/contracts';
import { Behaviour, CommandRefused, type CommandResult, type SimContext } from '../behaviour';
import { clamp, hash01, relax } from '../random';
import { saturationVp, type Weather, weatherAt } from './weather';

export type Actuators = Record<EnvActuator, 0 | 1>;

export interface GreenhouseClimate {
  temp: number;
  humidity: number;
  co2: number;
  illuminance: number;
}

/** Air changes per hour through the cover and each opening; the fan dominates when on. */
function airChanges(a: Actuators, quilt = false): number {
  return 0.5 * (a.thermalScreen ? 0.5 : 1) * (quilt ? 0.4 : 1) + 8 * a.topVent + 6 * a.sideVent + 30 * a.fan;
}

/** Share of outside sunlight reaching the crop. */
function transmission(a: Actuators): number {
  return 0.7 * (a.shadeScreen ? 0.45 : 1) * (a.thermalScreen ? 0.15 : 1);
}

/** Wet-bulb temperature (Stull 2011), what a wet pad cools incoming air towards. */
export function wetBulb(t: number, rh: number): number {
  return (
    t * Math.atan(0.151977 * Math.sqrt(rh + 8.313659)) +
    Math.atan(t + rh) -
    Math.atan(rh - 1.676331) +
    0.00391838 * rh ** 1.5 * Math.atan(0.023101 * rh) -
    4.686035
  );
}

/**
 * The demo's greenhouses are solar greenhouses (日光温室): a film front facing south, a thick north wall and
 * soil that store the day's sun, and an insulation quilt rolled down over the film from dusk to morning while
 * nights are cold (it is taken off for the summer). Without these the house follows the outside air, and a
 * Shouguang greenhouse in winter would read what no grower keeps a crop in.
 */
const QUILT_BELOW_MEAN = 12;
/** W/m²K: the film alone, and film under the quilt (about 1 for a quilt of felt and waterproof cloth). */
const FILM_U = 6;
const QUILT_U = 1;
/** W/m²K between the air and the wall and soil, which hold far more heat than the air. */
const STORE_COEF = 8;
/** Share of the transmitted sun the wall and soil absorb rather than the air. */
const STORE_SUN = 0.45;

/** The store's time constant, and the warm-up a new cabinet's house is given. */
const STORE_TAU_MS = 18 * 3_600_000;
const WARM_UP_MS = 4 * 86_400_000;
const WARM_UP_STEP_MS = 20 * 60_000;

const quiltDown = (out: Weather) => out.sunElevation < 2 && out.meanTemp < QUILT_BELOW_MEAN;

/** Fans and wet pad start above this inside air and stop under it less 1 °C, as the demo's automation rule does. */
const PAD_ON_ABOVE = 32;
/** Outside the warm season a grower opens the vents above this on a sunny day (and shuts them 3 °C lower). */
const VENT_ABOVE = 28;

/**
 * The steady state the greenhouse air heads for under these actuators and this weather: a heat
 * balance of absorbed sun, heating and the heat store (north wall and soil) against cover losses and
 * ventilation with (pad-cooled) air.
 */
export function greenhouseEquilibrium(out: Weather, a: Actuators, storeTemp: number): GreenhouseClimate {
  const quilt = quiltDown(out);
  const ach = airChanges(a, quilt);
  const ventCoef = 1.17 * ach; // W/m²K per air change for a 3.5 m high house
  const cover = (quilt ? QUILT_U : FILM_U) * (a.thermalScreen ? 0.6 : 1);
  const padOn = a.wetPad === 1 && (a.fan === 1 || a.sideVent === 1);
  const inletTemp = padOn ? out.airTemp - 0.8 * (out.airTemp - wetBulb(out.airTemp, out.airHumidity)) : out.airTemp;
  const solarGain = out.solarRadiation * transmission(a) * 0.25;
  const heating = a.heater ? 120 : 0;
  // The wall and soil store the day's heat and give it back at night.
  const temp =
    (cover * out.airTemp + ventCoef * inletTemp + STORE_COEF * storeTemp + solarGain + heating) /
    (cover + ventCoef + STORE_COEF);

  // Vapour: outside air (or saturated pad air) plus crop transpiration, diluted by ventilation.
  const outVp = (saturationVp(out.airTemp) * out.airHumidity) / 100;
  const inletVp = padOn ? 0.9 * saturationVp(inletTemp) : outVp;
  // the crop, and the watered beds a shut house keeps their water in (winter nights run near saturation)
  const transpiration = 6 + (out.solarRadiation * transmission(a)) / 60 + (a.pump ? 2 : 0);
  const vp = inletVp + transpiration / (ach + 0.3);
  const humidity = clamp((100 * vp) / saturationVp(temp), 5, 100);

  const light = out.illuminance * transmission(a) + (a.growLight ? 15_000 : 0);
  const photosynthesis = Math.min(1, light / 40_000) * 260;
  const co2 = Math.max(180, 420 + (60 - photosynthesis) / (ach * 0.25 + 0.15));
  return { temp, humidity, co2, illuminance: light };
}

/** Environment control cabinet of a greenhouse: sensors inside, actuators that commands switch. */
export class EnvCabinet extends Behaviour {
  readonly actuators = Object.fromEntries(ENV_ACTUATORS.map((k) => [k, 0])) as Actuators;
  /** Auto/manual per actuator; the automation itself runs in the server's rules. */
  readonly modes = Object.fromEntries(ENV_ACTUATORS.map((k) => [k, 'auto'])) as Record<EnvActuator, 'auto' | 'manual'>;
  private climate: GreenhouseClimate;
  private soilMoisture: number;
  /** The north wall and soil, read as the soil temperature. */
  private storeTemp: number;

  constructor(ctx: SimContext, startTs: number) {
    super(ctx, startTs);
    this.soilMoisture = 28 + 6 * hash01(ctx.seed, 1);
    // The heat store remembers days: a house met at an instant has been running before, so it is warmed
    // over the days before the start by the same physics, run as a grower runs it (shut in the quilt
    // season, vents open otherwise), rather than started at the outside air.
    const from = startTs - WARM_UP_MS;
    this.storeTemp = weatherAt(from, ctx.place).meanTemp + 4;
    this.climate = greenhouseEquilibrium(weatherAt(from, ctx.place), this.actuators, this.storeTemp);
    for (let t = from + WARM_UP_STEP_MS; t <= startTs; t += WARM_UP_STEP_MS) {
      this.heat(t - WARM_UP_STEP_MS, t, { ...this.actuators, ...this.routine(t, this.actuators) });
    }
  }

  /**
   * The actuators as a grower runs the house when no one switches them: vents open through the warm season, and
   * in the quilt season only against a sunny day's heat (VENT_ABOVE); fans and wet pad on through the heat of a
   * summer day (PAD_ON_ABOVE).
   */
  private routine(ts: number, a: Actuators): Pick<Actuators, 'topVent' | 'sideVent' | 'fan' | 'wetPad'> {
    const out = weatherAt(ts, this.ctx.place);
    // in the quilt season the vents open only on a sunny day's heat, and shut again before it cools
    const heat =
      out.sunElevation > 2 &&
      (this.climate.temp > VENT_ABOVE || (a.topVent === 1 && this.climate.temp >= VENT_ABOVE - 3));
    const open = out.meanTemp >= QUILT_BELOW_MEAN || heat ? 1 : 0;
    const hot = this.climate.temp > PAD_ON_ABOVE || (a.fan === 1 && this.climate.temp >= PAD_ON_ABOVE - 1);
    const cool = hot && open ? 1 : 0;
    return { topVent: open, sideVent: open, fan: cool, wetPad: cool };
  }

  /** History's house (history.ts) is run by the routine its rules would keep, not left shut all summer. */
  override unattended(ts: number): void {
    Object.assign(this.actuators, this.routine(ts, this.actuators));
  }

  /** Air towards its equilibrium; the store towards the air plus the sun its wall and soil absorb. */
  private heat(fromTs: number, toTs: number, a: Actuators = this.actuators): void {
    const dt = toTs - fromTs;
    const out = weatherAt(toTs, this.ctx.place);
    const eq = greenhouseEquilibrium(out, a, this.storeTemp);
    const k = relax(dt, 15 * 60_000);
    this.climate = {
      temp: this.climate.temp + (eq.temp - this.climate.temp) * k,
      humidity: this.climate.humidity + (eq.humidity - this.climate.humidity) * k,
      co2: this.climate.co2 + (eq.co2 - this.climate.co2) * relax(dt, 20 * 60_000),
      illuminance: eq.illuminance,
    };
    const absorbed = (out.solarRadiation * transmission(a) * STORE_SUN) / STORE_COEF;
    this.storeTemp += (this.climate.temp + absorbed - this.storeTemp) * relax(dt, STORE_TAU_MS);
  }

  protected step(fromTs: number, toTs: number): void {
    this.heat(fromTs, toTs);
    const dtH = (toTs - fromTs) / 3_600_000;
    // Crop uptake slows as the bed dries towards the wilting point.
    const drying = ((this.soilMoisture - 10) / 25) * (0.03 + Math.max(0, this.climate.temp - 10) * 0.006) * dtH;
    const watering = this.actuators.pump ? 4 * dtH : 0;
    this.soilMoisture = clamp(this.soilMoisture - drying + watering, 8, 48);
  }

  override irrigate(mm: number): void {
    if (!Number.isFinite(mm) || mm < 0) throw new RangeError('irrigate: mm must be a non-negative number');
    this.soilMoisture = clamp(this.soilMoisture + mm * 0.67, 8, 48);
  }

  get insideTemp(): number {
    return this.climate.temp;
  }

  sample(): Record<string, number> {
    return {
      airTemp: this.climate.temp + this.jitter(0, 0.1),
      airHumidity: this.climate.humidity + this.jitter(1, 0.5),
      co2: this.climate.co2 + this.jitter(2, 4),
      illuminance: this.climate.illuminance,
      soilMoisture: this.soilMoisture,
      soilTemp: this.storeTemp,
      ...this.actuators,
    };
  }

  override command(name: string, params: Record<string, unknown>): CommandResult {
    const actuator = params.actuator as EnvActuator;
    if (name === 'setActuator') {
      this.actuators[actuator] = params.on ? 1 : 0;
      return { state: { [actuator]: this.actuators[actuator] } };
    }
    if (name === 'setMode') {
      this.modes[actuator] = params.mode === 'manual' ? 'manual' : 'auto';
      // The model has no mode parameter, so the ack carries no changed value for it.
      return { state: {} };
    }
    throw new CommandRefused(`command ${name} is not supported`);
  }
}
