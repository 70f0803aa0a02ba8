import type { Et0Day, Et0Fallback } from '@farmpark/contracts';
import { et0Daily } from './et0';
import {
  dayOfYear,
  eaFromDewPoint,
  eaFromRh,
  extraterrestrialDaily,
  pressureFromElevation,
  radiationFromTemperature,
  windAt2m,
} from './fao56';

/** A day's rollup of one station key (telemetry_daily): extremes, and the sum and count of its readings. */
export interface DayAggregate {
  min: number;
  max: number;
  sum: number;
  count: number;
}

/** The weather station keys ET0 reads (packages/contracts devices.ts, weatherStation). */
export const ET0_KEYS = ['airTemp', 'airHumidity', 'dewPoint', 'windSpeed', 'solarRadiation', 'airPressure'] as const;
export type StationDayAggregates = Partial<Record<(typeof ET0_KEYS)[number], DayAggregate>>;

export interface Site {
  latitude: number;
  elevationM: number | null;
  windHeightM: number | null;
}

/** FAO-56's standard height of wind measurement, m. */
const STANDARD_WIND_HEIGHT = 2;
/** Wind speed FAO-56 takes when none is measured, m/s. */
const DEFAULT_WIND = 2;
/** Mean irradiance (W/m²) over a day to MJ/m²: 86,400 s and 10⁶ J. */
const W_DAY_TO_MJ = 0.0864;

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
const meanOf = (a: DayAggregate | undefined) => (a && a.count > 0 ? a.sum / a.count : null);

/**
 * A park day's ET0 from its station's daily rollups, with the inputs as answered: every input is rounded
 * first and ET0 computed from the rounded values, so the returned inputs recompute the returned value
 * exactly. Radiation integrates the day's mean irradiance over 24 h (readings spread over the day).
 */
export function et0Day(date: string, agg: StationDayAggregates, site: Site): Et0Day {
  const fallbacks: Et0Fallback[] = [];
  const use = <T>(name: Et0Fallback, value: T): T => {
    fallbacks.push(name);
    return value;
  };
  const elevationM = site.elevationM ?? use('elevationDefault', 0);
  const hPa = meanOf(agg.airPressure);
  const pressureKPa = round(
    hPa !== null ? hPa / 10 : use('pressureFromElevation', pressureFromElevation(elevationM)),
    2,
  );
  const windHeightM = site.windHeightM ?? STANDARD_WIND_HEIGHT;
  const row: Et0Day = {
    date,
    et0Mm: null,
    latitude: site.latitude,
    elevationM,
    tMin: null,
    tMax: null,
    rhMin: null,
    rhMax: null,
    tDew: null,
    windMs: null,
    windHeightM,
    radiationMJ: null,
    pressureKPa,
    fallbacks,
  };
  const temp = agg.airTemp;
  if (!temp || temp.count === 0) return row;
  const tMin = round(temp.min, 2);
  const tMax = round(temp.max, 2);
  const doy = dayOfYear(date);

  let ea: number;
  const rh = agg.airHumidity;
  const dew = meanOf(agg.dewPoint);
  if (rh && rh.count > 0) {
    row.rhMin = round(Math.min(100, Math.max(0, rh.min)), 1);
    row.rhMax = round(Math.min(100, Math.max(0, rh.max)), 1);
    ea = eaFromRh(tMin, tMax, row.rhMin, row.rhMax);
  } else {
    row.tDew = dew !== null ? use('humidityFromDewPoint', round(dew, 2)) : use('humidityFromTmin', tMin);
    ea = eaFromDewPoint(row.tDew);
  }

  const wind = meanOf(agg.windSpeed);
  if (wind === null) row.windMs = use('windDefault', DEFAULT_WIND);
  else {
    if (site.windHeightM === null) use('windHeightDefault', null);
    row.windMs = round(
      windHeightM === STANDARD_WIND_HEIGHT ? wind : use('windConvertedTo2m', windAt2m(wind, windHeightM)),
      2,
    );
  }

  const irradiance = meanOf(agg.solarRadiation);
  row.radiationMJ = round(
    irradiance !== null
      ? Math.max(0, irradiance) * W_DAY_TO_MJ
      : use(
          'radiationFromTemperature',
          radiationFromTemperature(tMin, tMax, extraterrestrialDaily(site.latitude, doy)),
        ),
    2,
  );

  row.tMin = tMin;
  row.tMax = tMax;
  const { et0 } = et0Daily({
    doy,
    latitude: site.latitude,
    elevationM,
    tMin,
    tMax,
    ea,
    u2: row.windMs,
    rs: row.radiationMJ,
    pressureKPa,
  });
  row.et0Mm = round(et0, 2);
  return row;
}
