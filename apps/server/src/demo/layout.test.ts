import type { LngLat } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { backfillDemoHistory } from './backfill';
import { DEMO_FARM_PARKS, ORCHARD_PARK } from './data';
import { ensureDemoDeviceSecrets } from './devices';
import { demoLayout } from './layout';

const DAY = 86_400_000;
// the demo's rectangles are axis-aligned: a bounding box is the shape itself
const box = (ring: LngLat[]) => ({
  w: Math.min(...ring.map((v) => v[0])),
  e: Math.max(...ring.map((v) => v[0])),
  s: Math.min(...ring.map((v) => v[1])),
  n: Math.max(...ring.map((v) => v[1])),
});
type Box = ReturnType<typeof box>;
const inside = (b: Box, lng: number, lat: number) => lng > b.w && lng < b.e && lat > b.s && lat < b.n;
const overlap = (a: Box, b: Box) => a.w < b.e && b.w < a.e && a.s < b.n && b.s < a.n;

it('lays each park out as plots of the stated size, apart, inside its boundary, centred on the park', () => {
  for (const p of [...DEMO_FARM_PARKS, ORCHARD_PARK]) {
    const l = demoLayout(p);
    const park = box(l.boundary);
    expect((park.w + park.e) / 2).toBeCloseTo(p.longitude, 5);
    expect((park.s + park.n) / 2).toBeCloseTo(p.latitude, 5);
    const mu = l.plots.reduce((n, a) => n + a.mu, 0);
    // roads and margins take some land: the plots hold most of the park, never more
    expect(mu, p.name).toBeLessThan(p.area);
    expect(mu, p.name).toBeGreaterThan(p.area * 0.7);
    const plots = l.plots.map((a) => box(a.boundary));
    plots.forEach((a, i) => {
      expect(a.w > park.w && a.e < park.e && a.s > park.s && a.n < park.n, p.plots[i].name).toBe(true);
      for (const b of plots.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    });
  }
});

describeEachEngine('demo layout', (env) => {
  it('seeds each park its group point, boundary and plots, and stands every device on a plot', async () => {
    const { db } = env();
    const groups = await db.selectFrom('groups').select(['id', 'name']).execute();
    for (const p of [...DEMO_FARM_PARKS, ORCHARD_PARK]) {
      const groupId = groups.find((g) => g.name === p.name)!.id;
      const point = await db
        .selectFrom('group_points')
        .selectAll()
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      expect([point.longitude, point.latitude]).toEqual([p.longitude, p.latitude]);
      expect(JSON.parse(point.boundary)).toHaveLength(4);
      const areas = await db.selectFrom('area_points').selectAll().where('point_id', '=', point.id).execute();
      expect(areas.map((a) => [a.name, a.crop])).toEqual(p.plots.map((x) => [x.name, x.crop]));
      const plots = areas.map((a) => box(JSON.parse(a.boundary)));
      const devices = await db
        .selectFrom('devices')
        .select(['serial', 'longitude', 'latitude'])
        .where('group_id', '=', groupId)
        .execute();
      for (const d of devices) {
        expect(
          plots.some((b) => inside(b, d.longitude!, d.latitude!)),
          d.serial,
        ).toBe(true);
      }
    }
  });

  it('keeps the distant past as daily rollups only, so a year earlier has days to compare', async () => {
    const { db, config } = env();
    const entries = (await ensureDemoDeviceSecrets(db, config.dataDir)).filter((e) => e.serial === 'DF-SS-0002');
    const now = Date.now();
    const r = await backfillDemoHistory({ config, db }, entries, { days: 20, rawDays: 2, recentDays: 1, now });
    expect(r.devices).toBe(1);
    const id = entries[0].deviceId;
    const raw = await db
      .selectFrom('telemetry')
      .select((eb) => eb.fn.min('ts').as('a'))
      .where('device_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(raw.a)).toBeGreaterThanOrEqual(now - 2 * DAY);
    const days = await db
      .selectFrom('telemetry_daily')
      .select(['bucket', 'count'])
      .where('device_id', '=', id)
      .where('key', '=', 'soilMoisture10')
      .orderBy('bucket')
      .execute();
    // 20 local days (the first and last partial), each old one folded from hourly samples
    expect(days.length).toBeGreaterThanOrEqual(20);
    expect(Number(days[0].bucket)).toBeLessThanOrEqual(now - 19 * DAY);
    expect(days.slice(1, 10).every((d) => Number(d.count) === 24)).toBe(true);
    const again = await backfillDemoHistory({ config, db }, entries, { days: 20, rawDays: 2, recentDays: 1, now });
    expect(again).toMatchObject({ devices: 0, skipped: 1 });
  });
});
