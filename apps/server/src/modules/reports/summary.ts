import {
  ALL_PERMIT_URLS,
  addDays,
  PEST_KINDS,
  type ReportFrequency,
  type ReportSummary,
  stageTableOf,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { parkScope } from '../../db/scope';
import { pestStages } from '../agronomy/service';
import type { AuthContext } from '../auth/sessions';
import { zoneWater } from '../irrigation/zoneWater';
import { allCategories } from '../pests/categories';
import { statistics } from '../pests/stats';
import { zoneClock } from '../telemetry/buckets';
import * as repo from './repo';

/**
 * A reader of one park with every page's permission: the scheduler has no caller, and a report reads through
 * the same services the console's pages call (so its numbers are theirs), limited to that park.
 */
export function parkReader(merchantId: number, groupId: number): AuthContext {
  return {
    userId: 0,
    merchantId,
    sessionId: 0,
    loginName: 'report',
    isAdmin: false,
    roleKey: null,
    kind: 'staff',
    grants: new Set(ALL_PERMIT_URLS),
    groupIds: [groupId],
  };
}

/** Epoch ms of the start of `day` in the zone (noon UTC lies on that day in every zone FarmPark serves). */
export const dayStartIn = (tz: string, day: string) => zoneClock(tz).dayBucket(Date.parse(`${day}T12:00:00Z`));

export interface ReportPark {
  merchantId: number;
  groupId: number;
  parkName: string;
  timeZone: string;
}

/** The park's numbers over days `from`..`to` (both included), judged at `now`. */
export async function gatherSummary(
  db: Db,
  park: ReportPark,
  period: { frequency: ReportFrequency; from: string; to: string },
  now: number,
): Promise<ReportSummary> {
  const { merchantId, groupId, timeZone: tz } = park;
  const scope = parkScope(merchantId, groupId);
  const auth = parkReader(merchantId, groupId);
  const startTime = dayStartIn(tz, period.from);
  const endTime = dayStartIn(tz, addDays(period.to, 1));

  const alarms = (await repo.alarmCounts(db, scope, groupId, startTime, endTime)).map((r) => ({
    severity: r.severity,
    raised: Number(r.raised),
    acknowledged: Number(r.acked),
  }));

  const water: ReportSummary['water'] = [];
  for (const m of await repo.irrigationMachines(db, scope, groupId)) {
    const zones = new Map<number, { waterM3: number; runs: number }>();
    for (const r of await zoneWater(db, auth, { deviceId: m.id, startTime, endTime }, tz)) {
      const z = zones.get(r.zone) ?? { waterM3: 0, runs: 0 };
      z.waterM3 += r.waterM3;
      z.runs += r.runs;
      zones.set(r.zone, z);
    }
    for (const [zone, z] of [...zones].sort((a, b) => a[0] - b[0]))
      water.push({
        deviceId: m.id,
        deviceName: m.name,
        zone,
        waterM3: Math.round(z.waterM3 * 1000) / 1000,
        runs: z.runs,
      });
  }

  const pests: ReportSummary['pests'] = [];
  for (const kind of PEST_KINDS) {
    const stats = await statistics(db, auth, { groupId, kind, startTime, endTime }, tz);
    for (const r of stats.rows)
      if (r.count > 0) pests.push({ categoryId: r.categoryId, name: r.name, kind, count: r.count });
  }

  const stages: ReportSummary['stages'] = [];
  for (const c of await allCategories(db, merchantId, 'insect')) {
    if (!stageTableOf(c.code)) continue;
    const s = await pestStages(db, auth, { groupId, categoryId: c.categoryId }, tz, now);
    const reached = s.stages.filter((x) => x.reachedOn !== null).at(-1);
    const next = s.stages.find((x) => x.reachedOn === null);
    stages.push({
      categoryId: c.categoryId,
      name: c.name,
      biofix: s.biofix?.date ?? null,
      sumSinceBiofix: s.sumSinceBiofix,
      reached: reached ? { key: reached.key, on: reached.reachedOn as string } : null,
      next: next ? { key: next.key, forecastOn: next.forecastOn } : null,
    });
  }

  const offline = (await repo.offlineDevices(db, scope, groupId)).map((d) => ({
    deviceId: d.id,
    name: d.name,
    serial: d.serial,
    deviceClass: d.device_class,
  }));
  const harvests = (await repo.harvestTotals(db, scope, groupId, period.from, period.to)).map((h) => ({
    crop: h.crop,
    unit: h.unit,
    quantity: Math.round(Number(h.quantity) * 1000) / 1000,
    harvests: Number(h.n),
  }));
  const batches = (await repo.batchesMade(db, scope, groupId, startTime, endTime)).map((b) => ({
    id: b.id,
    productName: b.product_name,
    lot: b.lot,
    createdAt: Number(b.created_at),
  }));
  return {
    parkName: park.parkName,
    timeZone: tz,
    frequency: period.frequency,
    from: period.from,
    to: period.to,
    alarms,
    water,
    pests,
    stages,
    offline,
    harvests,
    batches,
  };
}
