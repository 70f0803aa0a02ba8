import { clamp, hash01, valueNoise } from '../random';
import { dayOfYear, solarHour, sunElevation, sunriseSolarHour } from '../sun';
import type { Place } from './place';

/**
 * Outdoor weather as a pure function of time and place. Every class that lives outdoors (weather
 * and soil stations, traps, lamps, greenhouses) derives its environment from this.
 */
export interface Weather {
  airTemp: number;
  /** Temperature without the daily swing: what soil deep down and the greenhouse mass follow. */
  meanTemp: number;
  airHumidity: number;
  dewPoint: number;
  airPressure: number;
  windSpeed: number;
  windDirection: number;
  /** 0 clear .. 1 overcast. */
  cloud: number;
  sunElevation: number;
  solarRadiation: number;
  illuminance: number;
  uvIndex: number;
  /** mm/h falling now. */
  rainRate: number;
  /** 0..1: how wet the last three hours were (cools, moistens, darkens). */
  wetness: number;
  co2: number;
  pm25: number;
  /** Reference evapotranspiration rate, mm/h. */
  et0Rate: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** -1 in the coldest week (late January north), +1 in the warmest (late July). */
export function seasonality(ts: number, lat: number): number {
  const s = -Math.cos((2 * Math.PI * (dayOfYear(ts) - 20)) / 365);
  return lat >= 0 ? s : -s;
}

const rainMemo = new WeakMap<Place, Map<number, number>>();

/** Rain falling during hour slot `hour` (epoch hours), mm/h; constant within the hour. */
export function rainRateAtHour(place: Place, hour: number): number {
  let memo = rainMemo.get(place);
  if (!memo) {
    memo = new Map();
    rainMemo.set(place, memo);
  }
  const hit = memo.get(hour);
  if (hit !== undefined) return hit;
  // Callers walk forward in time, so a small memo covers the wetness look-back and repeated samples.
  if (memo.size > 256) memo.clear();
  const rate = computeRainRate(place, hour);
  memo.set(hour, rate);
  return rate;
}

function computeRainRate(place: Place, hour: number): number {
  const seed = place.climateSeed;
  const day = Math.floor(hour / 24);
  let rate = 0;
  for (const d of [day, day - 1]) {
    const season = seasonality(d * DAY_MS + DAY_MS / 2, place.lat);
    // A few rain events a month: about 2 in winter, 6 in summer, and summer storms are heavier.
    const wetSeason = (season + 1) / 2;
    const pEvent = 0.06 + 0.15 * wetSeason ** 1.5;
    if (hash01(seed ^ 0x51a1, d) >= pEvent) continue;
    const start = d * 24 + Math.floor(hash01(seed ^ 0x51a2, d) * 24);
    const duration = 1 + Math.floor(hash01(seed ^ 0x51a3, d) * 8);
    if (hour < start || hour >= start + duration) continue;
    const intensity = 0.4 + 7 * hash01(seed ^ 0x51a4, d) ** 2 * (0.3 + 1.2 * wetSeason);
    rate += intensity * (0.4 + 1.2 * hash01(seed ^ 0x51a5, hour));
  }
  return rate;
}

/** Rain that fell in [fromTs, toTs), mm: exact, since the rate is constant per hour. */
export function rainBetween(place: Place, fromTs: number, toTs: number): number {
  let total = 0;
  for (let h = Math.floor(fromTs / HOUR_MS); h * HOUR_MS < toTs; h++) {
    const a = Math.max(fromTs, h * HOUR_MS);
    const b = Math.min(toTs, (h + 1) * HOUR_MS);
    if (b > a) total += (rainRateAtHour(place, h) * (b - a)) / HOUR_MS;
  }
  return total;
}

/** Saturation vapour pressure, hPa (Magnus). */
export const saturationVp = (t: number) => 6.112 * Math.exp((17.62 * t) / (243.12 + t));
export function dewPointOf(t: number, rh: number): number {
  const g = Math.log(Math.max(rh, 0.1) / 100) + (17.62 * t) / (243.12 + t);
  return (243.12 * g) / (17.62 - g);
}

/** Daily temperature shape: -1 at sunrise, +1 at 14:30 solar time, cosine in between. */
function diurnalShape(h: number, sunrise: number): number {
  const peak = 14.5;
  if (h >= sunrise && h <= peak) return -Math.cos((Math.PI * (h - sunrise)) / (peak - sunrise));
  const sincePeak = (h - peak + 24) % 24;
  return Math.cos((Math.PI * sincePeak) / (24 - (peak - sunrise)));
}

export function weatherAt(ts: number, place: Place): Weather {
  const seed = place.climateSeed;
  const absLat = Math.abs(place.lat);
  const season = seasonality(ts, place.lat);
  const hour = Math.floor(ts / HOUR_MS);

  const rainRate = rainRateAtHour(place, hour);
  let wetness = 0;
  for (let k = 0; k < 3; k++) if (rainRateAtHour(place, hour - k) > 0) wetness = Math.max(wetness, 1 - k / 3);

  let cloud =
    0.45 + 0.45 * valueNoise(seed ^ 0xc1, ts / (2 * DAY_MS)) + 0.25 * valueNoise(seed ^ 0xc2, ts / (6 * HOUR_MS));
  cloud = clamp(Math.max(cloud, 0.95 * wetness), 0, 1);

  const annualMean = 27 - 0.4 * absLat;
  const annualAmp = Math.min(2 + 0.35 * absLat, 22);
  const synoptic = 4 * valueNoise(seed ^ 0x71, ts / (3.5 * DAY_MS)) + 1.5 * valueNoise(seed ^ 0x72, ts / DAY_MS);
  const meanTemp = annualMean + annualAmp * season + synoptic - 2 * wetness;

  const h = solarHour(ts, place.lon);
  const sunrise = sunriseSolarHour(ts, place.lat);
  const halfRange = 5.5 * (1 - 0.6 * cloud);
  const airTemp = meanTemp + halfRange * diurnalShape(h, sunrise) + 0.3 * valueNoise(seed ^ 0x73, ts / (20 * 60_000));

  // Dew point sits near the night minimum; dry spells widen the gap, rain closes it.
  const deficit = (3 + 5 * (0.5 + 0.5 * valueNoise(seed ^ 0x81, ts / (2.5 * DAY_MS)))) * (1 - 0.8 * wetness);
  const targetDew = Math.min(meanTemp - halfRange - deficit + 2.5, airTemp);
  const airHumidity = clamp((100 * saturationVp(targetDew)) / saturationVp(airTemp), 5, 100);
  const dewPoint = dewPointOf(airTemp, airHumidity);

  const airPressure =
    1013 +
    6 * -season +
    8 * valueNoise(seed ^ 0x91, ts / (4 * DAY_MS)) +
    2 * valueNoise(seed ^ 0x92, ts / DAY_MS) +
    0.8 * Math.cos((4 * Math.PI * (h - 10)) / 24) -
    4 * wetness;

  const mixing = Math.max(0, Math.sin((Math.PI * (h - 9)) / 12));
  const baseWind = Math.max(
    0.3,
    2.5 + 1.5 * valueNoise(seed ^ 0xa1, ts / (1.5 * DAY_MS)) + 1.2 * mixing + 1.5 * wetness,
  );
  const gust = Math.max(0, valueNoise(seed ^ 0xa2, ts / 45_000)) * baseWind * 0.8;
  const windSpeed = baseWind + gust;
  const windDirection =
    (((200 + 150 * valueNoise(seed ^ 0xa3, ts / DAY_MS) + 25 * valueNoise(seed ^ 0xa4, ts / 300_000)) % 360) + 360) %
    360;

  const el = sunElevation(ts, place.lat, place.lon);
  let solarRadiation = 0;
  let uvIndex = 0;
  if (el > 0) {
    const s = Math.sin((el * Math.PI) / 180);
    const clearSky = 1098 * s * Math.exp(-0.057 / s);
    solarRadiation = clearSky * (1 - 0.75 * cloud ** 3.4) * (1 - 0.4 * wetness);
    uvIndex = 12.5 * s ** 2.42 * (1 - 0.6 * cloud ** 2);
  }
  const illuminance = solarRadiation * 105;

  const night = clamp((2 - el) / 10, 0, 1);
  const co2 = 420 + 45 * night * clamp(1 - windSpeed / 10, 0.2, 1) + 5 * valueNoise(seed ^ 0xb1, ts / HOUR_MS);
  const pm25 = Math.max(
    3,
    35 +
      25 * valueNoise(seed ^ 0xb2, ts / (2 * DAY_MS)) +
      10 * night -
      25 * wetness +
      4 * valueNoise(seed ^ 0xb3, ts / HOUR_MS),
  );

  // Priestley-Taylor with net radiation ~70% of global; 0.00147 mm per W/m² per hour.
  const slope = clamp(0.4 + 0.013 * airTemp, 0.2, 0.85);
  const et0Rate =
    Math.max(0, 1.26 * slope * 0.7 * solarRadiation * 0.00147) + 0.01 * windSpeed * (1 - airHumidity / 100);

  return {
    airTemp,
    meanTemp,
    airHumidity,
    dewPoint,
    airPressure,
    windSpeed,
    windDirection,
    cloud,
    sunElevation: el,
    solarRadiation,
    illuminance,
    uvIndex,
    rainRate,
    wetness,
    co2,
    pm25,
    et0Rate,
  };
}

/** Integral of a rate (per hour) over [fromTs, toTs) by the midpoint rule in steps of at most 30 min. */
export function integrateHourly(fromTs: number, toTs: number, rateAt: (ts: number) => number): number {
  if (toTs <= fromTs) return 0;
  const n = Math.ceil((toTs - fromTs) / (30 * 60_000));
  const step = (toTs - fromTs) / n;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += rateAt(fromTs + (i + 0.5) * step) * (step / HOUR_MS);
  return sum;
}
