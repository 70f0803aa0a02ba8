import { daysBetween } from '@farmpark/contracts';
import { generateHistory } from '@farmpark/simulator';
import { describe, expect, it } from 'vitest';
import { DEMO_FARM_PARKS, type DemoPark, ORCHARD_PARK } from './data';
import { demoLayout } from './layout';
import { DEMO_CROPS, demoSeasons } from './productionCore';

const HOUR = 3_600_000;
const VEGETABLES = DEMO_FARM_PARKS[0];
const FIELDS = DEMO_FARM_PARKS[1];

/** Air temperature each hour of the day starting at local midnight of `day` (UTC+8), as the device reads it. */
function airOfDay(park: DemoPark, serial: string, day: string): number[] {
  const i = park.devices.findIndex((d) => d.serial === serial);
  const { longitude: lon, latitude: lat } = demoLayout(park).devices[i];
  const from = Date.parse(`${day}T00:00:00+08:00`);
  const spec = { deviceClass: park.devices[i].deviceClass, serial, lat, lon };
  return [...generateHistory(spec, from, from + 23 * HOUR, HOUR)].flat().map((r) => r.values.airTemp);
}

/** The growing plantings of the demo's plots that read air temperature, each with the share of the day's hours in range. */
function airInRange(day: string) {
  const plots: [park: DemoPark, plot: string, i: number, serial: string][] = [
    [VEGETABLES, '5号连栋温室', 4, 'DF-EC-0001'],
    [VEGETABLES, '8号育苗棚', 7, 'DF-EC-0002'],
    ...FIELDS.plots.map((p, k): [DemoPark, string, number, string] => [FIELDS, p.name, 8 + k, 'DF-WS-0002']),
    ...ORCHARD_PARK.plots.map((p, k): [DemoPark, string, number, string] => [ORCHARD_PARK, p.name, k, 'GV-WS-0001']),
  ];
  return plots.flatMap(([park, name, i, serial]) => {
    const cropName = park.plots.find((p) => p.name === name)?.crop ?? '';
    const crop = DEMO_CROPS.find((c) => c.name === cropName);
    const growing = demoSeasons(cropName, day, i).find((s) => s.status === 'growing');
    if (!crop || !growing) return [];
    const dayNo = daysBetween(growing.sownOn, day);
    const stage = crop.stages.find(([, start, end]) => dayNo >= start && dayNo <= end);
    const range = stage?.[4].find(([key]) => key === 'airTemp');
    const air = airOfDay(park, serial, day);
    const inside = air.filter((v) => range && (range[1] ?? -Infinity) <= v && v <= (range[2] ?? Infinity));
    return [{ plot: name, crop: cropName, stage: stage?.[0], share: inside.length / air.length }];
  });
}

describe('demo plantings follow the season', () => {
  it('late November: wheat tillering, no maize growing, apples dormant, greenhouses warm; most read in range', () => {
    const day = '2026-11-25';
    const statuses = (crop: string, i: number) => demoSeasons(crop, day, i).map((s) => [s.sownOn, s.status]);
    expect(statuses('小麦', 8)).toEqual([['2026-10-08', 'growing']]);
    expect(statuses('玉米', 9)).toEqual([['2026-06-12', 'harvested']]);
    const air = airInRange(day);
    expect(air.map((a) => a.stage)).toEqual(expect.arrayContaining(['分蘖期', '落叶休眠期']));
    expect(air.some((a) => a.crop === '玉米')).toBe(false);
    expect(air.filter((a) => a.share >= 0.75).length, JSON.stringify(air)).toBeGreaterThan(air.length / 2);
  });

  it('July: maize growing, wheat harvested in June, apples swelling; most read in range', () => {
    const day = '2026-07-10';
    expect(demoSeasons('小麦', day, 8).map((s) => s.status)).toEqual(['harvested']);
    expect(demoSeasons('玉米', day, 9).map((s) => [s.sownOn, s.status])).toEqual([['2026-06-12', 'growing']]);
    const air = airInRange(day);
    expect(air.map((a) => a.stage)).toEqual(expect.arrayContaining(['苗期', '果实膨大期']));
    expect(air.filter((a) => a.share >= 0.75).length, JSON.stringify(air)).toBeGreaterThan(air.length / 2);
  });

  it('an orchard before its picking keeps last year harvested, so it always has harvests to trace', () => {
    const seasons = demoSeasons('苹果', '2026-07-10', 0);
    expect(seasons.map((s) => [s.sownOn, s.status, s.harvestUntil])).toEqual([
      ['2025-04-01', 'harvested', '2025-11-01'],
      ['2026-04-01', 'growing', null],
    ]);
    expect(demoSeasons('苹果', '2026-11-25', 0).map((s) => s.harvestUntil)).toEqual(['2026-11-01']);
  });
});
