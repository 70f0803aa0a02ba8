import {
  addDays,
  Code,
  type DegreeDay,
  type DegreeDayList,
  dayIn,
  type Et0Day,
  type Et0List,
  type Park,
  type PestCategory,
} from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { backfillDemoHistory } from '../../demo/backfill';
import { ensureDemoDeviceSecrets } from '../../demo/devices';
import { describeEachEngine } from '../../test/harness';

const ET0 = '/api/merchant/agronomy/getEt0List';
const DD = '/api/merchant/pest/getDegreeDayList';
const HISTORY_DAYS = 30;

/**
 * FAO-56 eq. 6 again, written out from a day's answered inputs by a second hand (no import of the
 * module's formulas), so the answer is checked against an independent reading of the paper.
 */
function recomputeEt0(d: Et0Day): number {
  const tMin = d.tMin as number;
  const tMax = d.tMax as number;
  const e0 = (t: number) => 0.6108 * Math.exp((17.27 * t) / (t + 237.3));
  const year = Date.parse(`${d.date.slice(0, 4)}-01-01T00:00:00Z`);
  const doy = Math.round((Date.parse(`${d.date}T00:00:00Z`) - year) / 86_400_000) + 1;
  const t = (tMin + tMax) / 2;
  const ea =
    d.rhMin !== null && d.rhMax !== null ? (e0(tMin) * d.rhMax + e0(tMax) * d.rhMin) / 200 : e0(d.tDew as number);
  const x = (2 * Math.PI * doy) / 365;
  const decl = 0.409 * Math.sin(x - 1.39);
  const phi = (d.latitude * Math.PI) / 180;
  const ws = Math.acos(-Math.tan(phi) * Math.tan(decl));
  const ra =
    ((24 * 60 * 0.082) / Math.PI) *
    (1 + 0.033 * Math.cos(x)) *
    (ws * Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.sin(ws));
  const rs = d.radiationMJ as number;
  const rso = (0.75 + 2e-5 * d.elevationM) * ra;
  const sigmaT4 = (4.903e-9 * ((tMax + 273.16) ** 4 + (tMin + 273.16) ** 4)) / 2;
  const rn = 0.77 * rs - sigmaT4 * (0.34 - 0.14 * Math.sqrt(ea)) * (1.35 * Math.min(1, rs / rso) - 0.35);
  const slope = (4098 * e0(t)) / (t + 237.3) ** 2;
  const gamma = 0.000665 * d.pressureKPa;
  const u = d.windMs as number;
  const es = (e0(tMax) + e0(tMin)) / 2;
  return (0.408 * slope * rn + ((gamma * 900) / (t + 273)) * u * (es - ea)) / (slope + gamma * (1 + 0.34 * u));
}

/** Single sine with horizontal cutoff by numerical integration of the clipped sine over the day. */
function sineByIntegration(tMin: number, tMax: number, base: number, upper: number | null): number {
  const steps = 20_000;
  let total = 0;
  for (let i = 0; i < steps; i++) {
    const temp = (tMin + tMax) / 2 + ((tMax - tMin) / 2) * Math.sin((2 * Math.PI * (i + 0.5)) / steps);
    total += Math.max(0, Math.min(temp, upper ?? temp) - base);
  }
  return total / steps;
}

/**
 * Each day's degree days from its own extremes by the named method, and sums that add up day by day (the
 * first day's sum carries the days since the start day before the range).
 */
function checkSeries(days: DegreeDay[]): void {
  let previous = days[0].sum - (days[0].dd ?? 0);
  expect(previous).toBeGreaterThanOrEqual(0);
  for (const d of days) {
    if (d.dd === null) expect(d.tMin).toBeNull();
    else {
      const { tMin, tMax, baseC, upperC } = d as DegreeDay & { tMin: number; tMax: number };
      const expected =
        d.method === 'average'
          ? Math.max(0, (Math.min(tMin, upperC ?? tMin) + Math.min(tMax, upperC ?? tMax)) / 2 - baseC)
          : sineByIntegration(tMin, tMax, baseC, upperC);
      expect(d.dd, d.date).toBeCloseTo(expected, 2);
    }
    const carried = d.date === d.startDate ? 0 : previous;
    expect(d.sum, d.date).toBeCloseTo(carried + (d.dd ?? 0), 6);
    previous = d.sum;
  }
}

describeEachEngine('agronomy: ET0 and degree days from the demo weather station', (env) => {
  // Demo Farm's administrator, its first park, and the full days of the station's history
  let [demo, park, first, yesterday] = ['', 0, '', ''];

  beforeAll(async () => {
    const { db, config, ids } = env();
    [demo, park] = [await env().login('demo'), ids.parks.farm[0]];
    // the demo's own history of its first park's station (the first start back-fills every device)
    const entries = (await ensureDemoDeviceSecrets(db, config.dataDir)).filter((e) => e.serial === 'DF-WS-0001');
    const now = Date.now();
    await backfillDemoHistory({ config, db }, entries, { days: HISTORY_DAYS, rawDays: 2, recentDays: 1, now });
    // the demo parks keep the server's zone
    yesterday = addDays(dayIn(config.tzName, now), -1);
    first = addDays(yesterday, -(HISTORY_DAYS - 3));
  });

  it('answers ET0 for every past day with the inputs it used, which recompute it', async () => {
    const res = await env().get<Et0List>(ET0, demo, { groupId: String(park), from: first, to: yesterday });
    expect(res.code).toBe(0);
    expect(res.data.station?.deviceName).toBe('园区气象站');
    expect(res.data.missing).toEqual([]);
    const days = res.data.days;
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: HISTORY_DAYS - 2 }, (_, i) => addDays(first, i)));
    for (const d of days) {
      expect(d.et0Mm, d.date).not.toBeNull();
      // every sensor of a 12-element station is there; the demo park states no elevation nor sensor height
      expect(d.fallbacks, d.date).toEqual(['elevationDefault', 'windHeightDefault']);
      expect(d.rhMin! <= d.rhMax! && d.tMin! < d.tMax! && d.radiationMJ! > 0, d.date).toBe(true);
      expect(d.et0Mm!).toBeGreaterThan(-1);
      expect(d.et0Mm!).toBeLessThan(12);
      expect(recomputeEt0(d), d.date).toBeCloseTo(d.et0Mm as number, 2);
    }
  });

  it('uses the park’s elevation and wind sensor height once the park states them', async () => {
    const parks = (await env().get<Park[]>('/api/merchant/group/getGroupAndDeviceAllList', demo)).data;
    const own = parks.find((p) => p.groupId === park)!;
    expect(own).toMatchObject({ elevationM: null, windHeightM: null });
    const { devices: _, groupId, ...fields } = own;
    const set = await env().post<Park>('/api/merchant/group/alterGroup', demo, {
      ...fields,
      groupId,
      elevationM: 25,
      windHeightM: 10,
    });
    expect(set.data).toMatchObject({ elevationM: 25, windHeightM: 10 });

    const res = await env().get<Et0List>(ET0, demo, { groupId: String(park), from: first, to: first });
    const [day] = res.data.days;
    expect(day).toMatchObject({ elevationM: 25, windHeightM: 10, fallbacks: ['windConvertedTo2m'] });
    expect(recomputeEt0(day)).toBeCloseTo(day.et0Mm as number, 2);
    // like the park's other numbers, blank (or absent) clears them
    const cleared = await env().post<Park>('/api/merchant/group/alterGroup', demo, {
      ...fields,
      groupId,
      elevationM: '',
    });
    expect(cleared.data).toMatchObject({ elevationM: null, windHeightM: null });
  });

  it('leaves days without readings empty, and answers no day that is not over', async () => {
    const before = addDays(first, -10);
    const res = await env().get<Et0List>(ET0, demo, { groupId: String(park), from: before, to: addDays(yesterday, 5) });
    const days = res.data.days;
    expect(days[0]).toMatchObject({ date: before, et0Mm: null, tMin: null });
    expect(days[days.length - 1].date).toBe(yesterday);
    const bad = await env().get(ET0, demo, { groupId: String(park), from: yesterday, to: first });
    // The rule is named in contracts and phrased for the reader; it sits on the later day.
    expect(bad).toMatchObject({ code: Code.VALIDATION, msg: 'To cannot be before from' });
    expect(bad.data).toEqual([{ field: 'to', rule: 'notBefore', params: { other: 'from' } }]);
  });

  it('sums degree days of a pest category by its method since its start day, recomputable from tMin/tMax', async () => {
    const insects = (await env().get<PestCategory[]>('/api/merchant/pest/getCategoryAllList', demo, { kind: 'insect' }))
      .data;
    const bollworm = insects.find((c) => c.code === 'helicoverpa_armigera')!;
    const res = await env().get<DegreeDayList>(DD, demo, {
      groupId: String(park),
      categoryId: String(bollworm.categoryId),
      from: first,
      to: yesterday,
    });
    expect(res.code).toBe(0);
    expect(res.data.settings).toEqual({
      method: 'singleSine',
      baseC: 11,
      upperC: null,
      startMonthDay: '01-01',
      source: 'pestDefault',
    });
    expect(res.data.days).toHaveLength(HISTORY_DAYS - 2);
    expect(res.data.days.every((d) => d.dd !== null && d.method === 'singleSine')).toBe(true);
    checkSeries(res.data.days);

    // the first day's sum carries everything since the start day: the same sums from the start day itself
    const start = res.data.days[0].startDate;
    const whole = await env().get<DegreeDayList>(DD, demo, {
      groupId: String(park),
      categoryId: String(bollworm.categoryId),
      from: start,
      to: yesterday,
    });
    checkSeries(whole.data.days);
    expect(whole.data.days.slice(-res.data.days.length)).toEqual(res.data.days);

    // codling moth: 10 °C / 31.1 °C from 1 March; a category without published thresholds: base 10, average
    const moth = await env().post<PestCategory>('/api/merchant/pest/addCategory', demo, {
      kind: 'insect',
      code: 'cydia_pomonella',
      name: '苹果蠹蛾',
    });
    for (const [categoryId, method, upperC] of [
      [moth.data.categoryId, 'singleSine', 31.1],
      [insects.find((c) => c.code === 'other_insect')!.categoryId, 'average', null],
    ] as const) {
      const q = { groupId: String(park), categoryId: String(categoryId), from: first, to: yesterday };
      const list = await env().get<DegreeDayList>(DD, demo, q);
      expect(list.data.days[0]).toMatchObject({ method, baseC: 10, upperC });
      checkSeries(list.data.days);
    }
  });

  it('refuses a category of another merchant and a park the caller may not see', async () => {
    const other = await env().login('demo2');
    const insects = (
      await env().get<PestCategory[]>('/api/merchant/pest/getCategoryAllList', other, { kind: 'insect' })
    ).data;
    const q = { groupId: String(park), categoryId: String(insects[0].categoryId), from: first, to: yesterday };
    expect((await env().get(DD, demo, q)).code).toBe(Code.NOT_FOUND);
    expect((await env().get(ET0, other, { groupId: String(park), from: first, to: yesterday })).code).toBe(
      Code.NOT_FOUND,
    );
  });
});
