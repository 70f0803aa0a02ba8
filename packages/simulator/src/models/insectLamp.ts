import { Behaviour, CommandRefused, type CommandResult, type SimContext } from '../behaviour';
import { clamp, hash01 } from '../random';
import { inWindow, localDayIndex, type Place } from './place';
import { batteryVoltage, stepBattery } from './power';
import { weatherAt } from './weather';

const DAY_MS = 86_400_000;
/** `mode` parameter values: 1 auto (light-, rain- and window-controlled), 0 manual. */
export const LAMP_MODE = { manual: 0, auto: 1 } as const;

export interface LampInputs {
  sunElevation: number;
  rainWet: boolean;
  inWorkWindow: boolean;
  batteryPct: number;
}

/** Auto mode: on from dusk to dawn, inside the work window, not in the rain, not on a flat battery. */
export function autoLampOn(i: LampInputs): boolean {
  return i.sunElevation < -2 && !i.rainWet && i.inWorkWindow && i.batteryPct > 10;
}

/** Insects killed per hour with the lamp on: insects fly when it is warm, most in the first hours of night. */
export function killRatePerHour(airTemp: number, hoursAfterDusk: number, noise01: number): number {
  const activity = clamp((airTemp - 8) / 17, 0, 1.6);
  const evening = hoursAfterDusk < 3 ? 1.6 : 0.6;
  return 30 * activity * evening * (0.5 + noise01);
}

/** Local midnight that ends the day containing `ts`. */
export function nextLocalMidnight(ts: number, place: Place): number {
  return (localDayIndex(ts, place) + 1) * DAY_MS - place.tzOffsetMin * 60_000;
}

/** Solar insecticidal lamp. */
export class InsectLamp extends Behaviour {
  private lamp: 0 | 1 = 0;
  private mode: 0 | 1 = LAMP_MODE.auto;
  private workWindow: { start: string; end: string } | null = null;
  private kills = 0;
  private battery: number;
  private darkSince: number | null = null;

  constructor(ctx: SimContext, startTs: number) {
    super(ctx, startTs);
    this.battery = 60 + 35 * hash01(ctx.seed, 1);
  }

  protected step(fromTs: number, toTs: number): void {
    const midnight = nextLocalMidnight(fromTs, this.ctx.place);
    if (toTs >= midnight) {
      this.segment(fromTs, midnight);
      this.kills = 0;
      this.segment(midnight, toTs);
    } else {
      this.segment(fromTs, toTs);
    }
  }

  private segment(fromTs: number, toTs: number): void {
    if (toTs <= fromTs) return;
    const w = weatherAt(toTs, this.ctx.place);
    const dtH = (toTs - fromTs) / 3_600_000;
    if (w.sunElevation < -2) this.darkSince ??= toTs;
    else this.darkSince = null;
    this.applyAuto(toTs, w);
    if (this.lamp) {
      const hoursAfterDusk = this.darkSince === null ? 0 : (toTs - this.darkSince) / 3_600_000;
      const noise = hash01(this.ctx.seed ^ 0x4b11, Math.floor(toTs / 3_600_000));
      this.kills += killRatePerHour(w.airTemp, hoursAfterDusk, noise) * dtH;
    }
    this.battery = stepBattery(this.battery, w.solarRadiation, this.lamp ? 3.5 : 0, dtH);
  }

  private applyAuto(ts: number, w = weatherAt(ts, this.ctx.place)): void {
    if (this.mode !== LAMP_MODE.auto) return;
    const on = autoLampOn({
      sunElevation: w.sunElevation,
      rainWet: w.wetness > 0,
      inWorkWindow: this.workWindow ? inWindow(ts, this.ctx.place, this.workWindow) : true,
      batteryPct: this.battery,
    });
    this.lamp = on ? 1 : 0;
  }

  sample(): Record<string, number> {
    const w = weatherAt(this.lastTs, this.ctx.place);
    return {
      lamp: this.lamp,
      mode: this.mode,
      killCount: Math.floor(this.kills),
      rain: w.wetness > 0 ? 1 : 0,
      lightLevel: w.illuminance,
      voltage: batteryVoltage(this.battery, w.solarRadiation) + this.jitter(0, 0.02),
      battery: this.battery,
    };
  }

  override command(name: string, params: Record<string, unknown>): CommandResult {
    switch (name) {
      case 'setLamp':
        // Switching by hand takes the lamp out of automatic control, as on the real controllers.
        this.lamp = params.on ? 1 : 0;
        this.mode = LAMP_MODE.manual;
        return { state: { lamp: this.lamp, mode: this.mode } };
      case 'setMode':
        this.mode = params.mode === 'auto' ? LAMP_MODE.auto : LAMP_MODE.manual;
        this.applyAuto(this.lastTs);
        return { state: { mode: this.mode, lamp: this.lamp } };
      case 'setWorkWindow':
        this.workWindow = { start: String(params.start), end: String(params.end) };
        this.applyAuto(this.lastTs);
        return { state: { lamp: this.lamp } };
      default:
        throw new CommandRefused(`command ${name} is not supported`);
    }
  }
}
