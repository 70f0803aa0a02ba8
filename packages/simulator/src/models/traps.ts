import { Behaviour, CommandRefused, type CommandResult, type SimContext } from '../behaviour';
import { hash01, relax } from '../random';
import { inWindow } from './place';
import { batteryVoltage, stepBattery } from './power';
import { weatherAt } from './weather';

/** Temperature the killing/drying chamber heads for: about 85 °C heated, the outside air otherwise. */
export function chamberTarget(heaterOn: boolean, airTemp: number): number {
  return heaterOn ? 85 : airTemp;
}

/** Shared by both traps: outdoor air at the trap and a solar battery. */
abstract class OutdoorTrap extends Behaviour {
  protected battery: number;

  constructor(ctx: SimContext, startTs: number) {
    super(ctx, startTs);
    this.battery = 70 + 25 * hash01(ctx.seed, 7);
  }

  protected environment(): Record<string, number> {
    const w = weatherAt(this.lastTs, this.ctx.place);
    return {
      airTemp: w.airTemp + this.jitter(10, 0.15),
      airHumidity: w.airHumidity + this.jitter(11, 0.8),
      voltage: batteryVoltage(this.battery, w.solarRadiation),
      battery: this.battery,
    };
  }
}

/**
 * Insect forecasting trap: a lamp lures insects at night, the heated chamber kills and dries them,
 * a camera photographs the tray every `photoInterval` minutes while working and on request.
 */
export class InsectTrap extends OutdoorTrap {
  private workPeriod = { start: '19:00', end: '05:00' };
  private lamp: 0 | 1 = 0;
  private heater: 0 | 1 = 0;
  private working: boolean;
  private chamberTemp: number;
  private photoInterval = 60;
  private nextPhotoAt: number;
  private photoSeq = 0;

  constructor(ctx: SimContext, startTs: number) {
    super(ctx, startTs);
    this.working = inWindow(startTs, ctx.place, this.workPeriod);
    this.lamp = this.heater = this.working ? 1 : 0;
    this.chamberTemp = weatherAt(startTs, ctx.place).airTemp;
    this.nextPhotoAt = startTs + this.photoInterval * 60_000;
  }

  protected step(fromTs: number, toTs: number): void {
    const w = weatherAt(toTs, this.ctx.place);
    // Like a timer relay: switching happens at the edges of the work period; manual switching holds until the next edge.
    const working = inWindow(toTs, this.ctx.place, this.workPeriod);
    if (working !== this.working) {
      this.working = working;
      this.lamp = this.heater = working ? 1 : 0;
    }
    this.chamberTemp +=
      (chamberTarget(this.heater === 1, w.airTemp) - this.chamberTemp) * relax(toTs - fromTs, 8 * 60_000);
    const load = this.lamp * 1.5 + this.heater * 2;
    this.battery = stepBattery(this.battery, w.solarRadiation * 2, load, (toTs - fromTs) / 3_600_000);
    while (this.nextPhotoAt <= toTs) {
      if (this.working) this.photo('schedule', this.nextPhotoAt);
      this.nextPhotoAt += this.photoInterval * 60_000;
    }
  }

  private photo(trigger: 'schedule' | 'command', ts: number): void {
    this.photoSeq += 1;
    this.emit('photo', { trigger, seq: this.photoSeq, takenAt: ts });
  }

  sample(): Record<string, number> {
    return {
      lamp: this.lamp,
      heater: this.heater,
      chamberTemp: this.chamberTemp + this.jitter(0, 0.2),
      photoInterval: this.photoInterval,
      ...this.environment(),
    };
  }

  override command(name: string, params: Record<string, unknown>): CommandResult {
    switch (name) {
      case 'photograph':
        this.photo('command', this.lastTs);
        return { state: {} };
      case 'setLamp':
        this.lamp = params.on ? 1 : 0;
        return { state: { lamp: this.lamp } };
      case 'setHeater':
        this.heater = params.on ? 1 : 0;
        return { state: { heater: this.heater } };
      case 'setWorkPeriod':
        this.workPeriod = { start: String(params.start), end: String(params.end) };
        this.working = inWindow(this.lastTs, this.ctx.place, this.workPeriod);
        this.lamp = this.heater = this.working ? 1 : 0;
        return { state: { lamp: this.lamp, heater: this.heater } };
      case 'setPhotoInterval':
        this.photoInterval = Number(params.minutes);
        this.nextPhotoAt = this.lastTs + this.photoInterval * 60_000;
        return { state: { photoInterval: this.photoInterval } };
      default:
        throw new CommandRefused(`command ${name} is not supported`);
    }
  }
}

/** `slideState` values. */
export const SLIDE = { fresh: 0, inUse: 1, full: 2 } as const;
/** Captures one slide holds before it must be changed. */
export const SLIDE_CAPACITY = 30;

/** Spore trap: each capture exposes the slide and photographs it; a full slide refuses captures. */
export class SporeTrap extends OutdoorTrap {
  private slideUses = 0;
  private photoSeq = 0;

  protected step(fromTs: number, toTs: number): void {
    const w = weatherAt(toTs, this.ctx.place);
    this.battery = stepBattery(this.battery, w.solarRadiation * 2, 1.5, (toTs - fromTs) / 3_600_000);
  }

  private get slideState(): number {
    if (this.slideUses === 0) return SLIDE.fresh;
    return this.slideUses >= SLIDE_CAPACITY ? SLIDE.full : SLIDE.inUse;
  }

  sample(): Record<string, number> {
    return { slideState: this.slideState, slideUses: this.slideUses, ...this.environment() };
  }

  override command(name: string): CommandResult {
    switch (name) {
      case 'capture': {
        if (this.slideState === SLIDE.full) throw new CommandRefused('slide is full, change the slide first');
        this.slideUses += 1;
        this.photoSeq += 1;
        this.emit('photo', { trigger: 'command', seq: this.photoSeq, takenAt: this.lastTs, slideUses: this.slideUses });
        return { state: { slideUses: this.slideUses, slideState: this.slideState } };
      }
      case 'changeSlide':
        this.slideUses = 0;
        return { state: { slideUses: 0, slideState: SLIDE.fresh } };
      default:
        throw new CommandRefused(`command ${name} is not supported`);
    }
  }
}
