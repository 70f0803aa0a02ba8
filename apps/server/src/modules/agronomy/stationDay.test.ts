import { describe, expect, it } from 'vitest';
import { et0Daily } from './et0';
import { dayOfYear, eaFromDewPoint, eaFromRh, extraterrestrialDaily } from './fao56';
import { type DayAggregate, et0Day } from './stationDay';

/** A day's rollup whose readings average `mean`. */
const agg = (min: number, max: number, mean = (min + max) / 2, count = 96): DayAggregate => ({
  min,
  max,
  sum: mean * count,
  count,
});

// example 18's day, as a station with every sensor would report it (wind already at 2 m)
const FULL = {
  airTemp: agg(12.3, 21.5),
  airHumidity: agg(63, 84),
  dewPoint: agg(10, 13, 11.8),
  windSpeed: agg(0.4, 5, 2.078),
  // 22.07 MJ over the day is 255.44 W/m² on average
  solarRadiation: agg(0, 850, 255.4398),
  airPressure: agg(1000, 1002, 1001.2),
};
const SITE = { latitude: 50.8, elevationM: 100, windHeightM: 2 };

describe('a station day for ET0', () => {
  it('uses every sensor, names no fallback and gives example 18’s 3.9 mm', () => {
    const d = et0Day('2025-07-06', FULL, SITE);
    expect(d).toMatchObject({
      date: '2025-07-06',
      latitude: 50.8,
      elevationM: 100,
      tMin: 12.3,
      tMax: 21.5,
      rhMin: 63,
      rhMax: 84,
      tDew: null,
      windMs: 2.08,
      windHeightM: 2,
      radiationMJ: 22.07,
      pressureKPa: 100.12,
      fallbacks: [],
    });
    expect(d.et0Mm).toBeCloseTo(3.9, 1);
  });

  it('recomputes exactly from the inputs it answers', () => {
    const d = et0Day('2025-07-06', FULL, SITE);
    const again = et0Daily({
      doy: 187,
      latitude: d.latitude,
      elevationM: d.elevationM,
      tMin: d.tMin!,
      tMax: d.tMax!,
      ea: eaFromRh(d.tMin!, d.tMax!, d.rhMin!, d.rhMax!),
      u2: d.windMs!,
      rs: d.radiationMJ!,
      pressureKPa: d.pressureKPa,
    });
    expect(Math.round(again.et0 * 100) / 100).toBe(d.et0Mm);
  });

  it('falls back as FAO-56 says, naming each fallback', () => {
    const d = et0Day('2025-07-06', { airTemp: FULL.airTemp }, { latitude: 50.8, elevationM: null, windHeightM: null });
    expect(d.fallbacks).toEqual([
      'elevationDefault',
      'pressureFromElevation',
      'humidityFromTmin',
      'windDefault',
      'radiationFromTemperature',
    ]);
    expect(d).toMatchObject({ elevationM: 0, pressureKPa: 101.3, tDew: 12.3, rhMin: null, windMs: 2 });
    // Hargreaves: 0.16 · √(21.5 − 12.3) · Ra
    expect(d.radiationMJ).toBeCloseTo(0.16 * Math.sqrt(9.2) * extraterrestrialDaily(50.8, dayOfYear('2025-07-06')), 2);
    const again = et0Daily({
      doy: 187,
      latitude: 50.8,
      elevationM: 0,
      tMin: 12.3,
      tMax: 21.5,
      ea: eaFromDewPoint(12.3),
      u2: 2,
      rs: d.radiationMJ!,
      pressureKPa: 101.3,
    });
    expect(d.et0Mm).toBe(Math.round(again.et0 * 100) / 100);
  });

  it('takes the station’s dew point when it has no humidity, and converts wind from the sensor’s height', () => {
    const { airHumidity: _, ...noRh } = FULL;
    const d = et0Day('2025-07-06', noRh, { ...SITE, windHeightM: 10 });
    expect(d.fallbacks).toEqual(['humidityFromDewPoint', 'windConvertedTo2m']);
    expect(d.tDew).toBe(11.8);
    // 2.078 m/s at 10 m is 0.748 of it at 2 m (eq. 47)
    expect(d.windMs).toBeCloseTo(2.078 * 0.748, 2);
    expect(d.windHeightM).toBe(10);
  });

  it('says when the sensor height is not known, and answers no ET0 for a day without temperatures', () => {
    expect(et0Day('2025-07-06', FULL, { ...SITE, windHeightM: null }).fallbacks).toEqual(['windHeightDefault']);
    const empty = et0Day('2025-07-06', {}, SITE);
    expect(empty).toMatchObject({ et0Mm: null, tMin: null, tMax: null, radiationMJ: null, pressureKPa: 100.12 });
    expect(empty.fallbacks).toEqual(['pressureFromElevation']);
  });
});
