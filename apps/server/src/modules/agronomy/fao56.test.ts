import { describe, expect, it } from 'vitest';
import { et0Daily, et0Hourly, extraterrestrialHourly } from './et0';
import {
  clearSkyRadiation,
  daylightHours,
  dayOfYear,
  eaFromRh,
  extraterrestrialDaily,
  meanSatVp,
  pressureFromElevation,
  psychrometric,
  radiationFromSunshine,
  radiationFromTemperature,
  satVp,
  vpSlope,
  windAt2m,
} from './fao56';

/** Each named value as the paper prints it, to the decimals it prints. */
function asPrinted(values: object, printed: Record<string, string>): void {
  for (const [name, text] of Object.entries(printed)) {
    expect((values as Record<string, number>)[name], name).toBeCloseTo(Number(text), text.split('.')[1]?.length ?? 0);
  }
}

/** The worked examples of FAO Irrigation and Drainage Paper 56, chapter 3, with the values the paper prints. */
describe('FAO-56 Penman-Monteith', () => {
  it('gives the air pressure at 1,800 m of example 2 and its psychrometric constant', () => {
    expect(pressureFromElevation(1800)).toBeCloseTo(81.8, 1);
    expect(psychrometric(81.8)).toBeCloseTo(0.054, 3);
  });

  it('works example 18 (Brussels, 6 July, daily data): 3.9 mm/day', () => {
    const tMax = 21.5;
    const tMin = 12.3;
    const doy = dayOfYear('2025-07-06');
    expect(doy).toBe(187);
    expect(satVp(tMax)).toBeCloseTo(2.564, 3);
    expect(satVp(tMin)).toBeCloseTo(1.431, 3);
    expect(meanSatVp(tMin, tMax)).toBeCloseTo(1.997, 3);
    const ea = eaFromRh(tMin, tMax, 63, 84);
    expect(ea).toBeCloseTo(1.409, 3);
    expect(vpSlope((tMin + tMax) / 2)).toBeCloseTo(0.122, 3);
    const pressureKPa = pressureFromElevation(100);
    expect(pressureKPa).toBeCloseTo(100.1, 1);
    expect(psychrometric(pressureKPa)).toBeCloseTo(0.0666, 4);
    // wind measured at 10 m: 10 km/h
    const u2 = windAt2m(10 / 3.6, 10);
    expect(u2).toBeCloseTo(2.078, 3);
    const latitude = 50 + 48 / 60;
    const ra = extraterrestrialDaily(latitude, doy);
    expect(ra).toBeCloseTo(41.09, 2);
    expect(daylightHours(latitude, doy)).toBeCloseTo(16.1, 1);
    const rs = radiationFromSunshine(9.25, daylightHours(latitude, doy), ra);
    expect(rs).toBeCloseTo(22.07, 2);
    const day = et0Daily({ doy, latitude, elevationM: 100, tMin, tMax, ea, u2, rs, pressureKPa });
    asPrinted(day, { rso: '30.90', rns: '17.00', rnl: '3.71', rn: '13.28', et0: '3.9' });
  });

  it('works example 17 (Bangkok, April, monthly data with G = 0.14): 5.72 mm/day', () => {
    const latitude = 13 + 44 / 60;
    const doy = 105;
    const tMax = 34.8;
    const tMin = 25.6;
    const pressureKPa = pressureFromElevation(2);
    // the paper rounds P at 2 m to 101.3 kPa
    expect(psychrometric(pressureKPa)).toBeCloseTo(0.0674, 3);
    const ra = extraterrestrialDaily(latitude, doy);
    expect(ra).toBeCloseTo(38.06, 2);
    const daylight = daylightHours(latitude, doy);
    expect(daylight).toBeCloseTo(12.31, 2);
    const rs = radiationFromSunshine(8.5, daylight, ra);
    expect(rs).toBeCloseTo(22.65, 2);
    expect(clearSkyRadiation(ra, 2)).toBeCloseTo(28.54, 2);
    const day = et0Daily({ doy, latitude, elevationM: 2, tMin, tMax, ea: 2.85, u2: 2, rs, pressureKPa, g: 0.14 });
    asPrinted(day, { es: '4.42', delta: '0.246', rns: '17.44', rnl: '3.11', rn: '14.33', et0: '5.72' });
  });

  it('estimates radiation from the temperature range with kRs 0.16 (example 15 form, interior site)', () => {
    // Rs = 0.16 · √(26.6 − 14.8) · 40.6
    expect(radiationFromTemperature(14.8, 26.6, 40.6)).toBeCloseTo(22.3, 1);
  });

  it('works example 19 (N’Diaye, Senegal, 1 October, hourly data)', () => {
    const doy = 274;
    const latitude = 16 + 13 / 60;
    const pressureKPa = pressureFromElevation(8);
    // the paper takes the zone's centre at 15° W and the station at 16.25° W
    const ra = extraterrestrialHourly(latitude, doy, 14.5, -16.25, -15);
    expect(ra).toBeCloseTo(3.543, 3);
    const rso = clearSkyRadiation(ra, 8);
    expect(rso).toBeCloseTo(2.658, 3);
    const day = { t: 38, ea: satVp(38) * 0.52, u2: 3.3, rs: 2.45, rso, pressureKPa, daytime: true };
    expect(satVp(38)).toBeCloseTo(6.625, 3);
    expect(vpSlope(38)).toBeCloseTo(0.358, 3);
    // FAO-56's own hourly constant is 0.34 by day and by night
    const fao = et0Hourly({ ...day, cd: { day: 0.34, night: 0.34 } });
    expect(fao.rn).toBeCloseTo(1.749, 2);
    expect(fao.g).toBeCloseTo(0.175, 3);
    expect(fao.et0).toBeCloseTo(0.63, 2);
    // ASCE-EWRI's 0.24 by day: 0.3141 / (0.358 + 0.0673 · (1 + 0.24 · 3.3))
    expect(et0Hourly(day).et0).toBeCloseTo(0.656, 2);

    // 02:00-03:00, no sun: Rs/Rso of the hours before sunset (0.8), G = 0.5 Rn
    const night = {
      t: 28,
      ea: satVp(28) * 0.9,
      u2: 1.9,
      rs: 0,
      rso: 0,
      pressureKPa,
      daytime: false,
      nightClearness: 0.8,
    };
    const faoNight = et0Hourly({ ...night, cd: { day: 0.34, night: 0.34 } });
    expect(faoNight.rn).toBeCloseTo(-0.1, 2);
    expect(faoNight.g).toBeCloseTo(-0.05, 2);
    expect(faoNight.et0).toBeCloseTo(0.0, 1);
    // 0.96 by night: the wind term counts less, the hour still rounds to nothing
    expect(et0Hourly(night).et0).toBeGreaterThan(-0.01);
    expect(et0Hourly(night).et0).toBeLessThan(faoNight.et0);
  });
});
