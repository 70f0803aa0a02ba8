import { Behaviour, type SimContext } from '../behaviour';
import { integrateHourly, rainBetween, weatherAt } from './weather';

/** The 8-element model measures the classic set; the 12-element one adds air quality, UV and evaporation. */
const EIGHT = new Set([
  'airTemp',
  'airHumidity',
  'airPressure',
  'windSpeed',
  'windDirection',
  'rainfall',
  'solarRadiation',
  'illuminance',
]);

/** Weather station: the outdoor weather plus sensor noise; rainfall and evaporation per interval. */
export class WeatherStation extends Behaviour {
  private rainAcc = 0;
  private evapAcc = 0;

  constructor(ctx: SimContext, startTs: number) {
    super(ctx, startTs);
  }

  protected step(fromTs: number, toTs: number): void {
    const place = this.ctx.place;
    this.rainAcc += rainBetween(place, fromTs, toTs);
    // A pan evaporates a little more than the reference crop, and nothing while it rains.
    this.evapAcc += integrateHourly(fromTs, toTs, (t) => {
      const w = weatherAt(t, place);
      return w.rainRate > 0 ? 0 : 1.15 * w.et0Rate;
    });
  }

  sample(): Record<string, number> {
    const w = weatherAt(this.lastTs, this.ctx.place);
    const airTemp = w.airTemp + this.jitter(0, 0.1);
    const all: Record<string, number> = {
      airTemp,
      airHumidity: w.airHumidity + this.jitter(1, 0.5),
      dewPoint: w.dewPoint,
      airPressure: w.airPressure + this.jitter(2, 0.1),
      co2: w.co2 + this.jitter(3, 3),
      pm25: w.pm25 + this.jitter(4, 1.5),
      windSpeed: w.windSpeed,
      windDirection: w.windDirection,
      rainfall: this.rainAcc,
      evaporation: this.evapAcc,
      solarRadiation: w.solarRadiation,
      illuminance: w.illuminance,
      uvIndex: w.uvIndex,
    };
    this.rainAcc = 0;
    this.evapAcc = 0;
    if (this.ctx.model !== 'QX-8') return all;
    return Object.fromEntries(Object.entries(all).filter(([k]) => EIGHT.has(k)));
  }
}
