import {
  Code,
  classAllowed,
  MAX_PEST_RANGE_DAYS,
  PEST_KIND_CLASS,
  type PestRangeQuery,
  type PestStatistics,
  type PestTrend,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { zoneClock } from '../telemetry/buckets';
import { allCategories } from './categories';
import * as repo from './repo';

const MAX_TREND_DAYS = MAX_PEST_RANGE_DAYS + 1;

async function trapsFor(db: Db, auth: AuthContext, q: PestRangeQuery) {
  requirePark(auth, q.groupId);
  const cls = PEST_KIND_CLASS[q.kind];
  if (!classAllowed(auth.grants, cls)) throw new ApiError(Code.PERMISSION_DENIED, `You may not see ${cls} devices`);
  const traps = await repo.parkTraps(db, scopeOf(auth), q.groupId, cls, q.deviceId);
  if (q.deviceId !== undefined && traps.length === 0) throw notFound(`deviceId ${q.deviceId}: trap`);
  return traps;
}

/** Catches per local day and category, straight from the detections (so a correction shows at once). */
async function dailyCatches(db: Db, deviceIds: number[], q: PestRangeQuery, tzName: string) {
  const clock = zoneClock(tzName);
  const perDay = new Map<number, Map<number, number>>();
  for (const r of await repo.catches(db, deviceIds, q.startTime, q.endTime)) {
    const day = clock.dayBucket(r.taken_at);
    const m = perDay.get(day) ?? new Map<number, number>();
    m.set(r.category_id, (m.get(r.category_id) ?? 0) + Number(r.n));
    perDay.set(day, m);
  }
  return perDay;
}

export async function statistics(
  db: Db,
  auth: AuthContext,
  q: PestRangeQuery,
  tzName: string,
): Promise<PestStatistics> {
  const traps = await trapsFor(db, auth, q);
  const ids = traps.map((t) => t.id);
  const categories = await allCategories(db, auth.merchantId, q.kind);
  const perDay = await dailyCatches(db, ids, q, tzName);
  const rows = categories.map((c) => {
    let count = 0;
    let alertDays = 0;
    for (const m of perDay.values()) {
      const n = m.get(c.categoryId) ?? 0;
      count += n;
      if (c.dailyThreshold > 0 && n > c.dailyThreshold) alertDays += 1;
    }
    return { categoryId: c.categoryId, name: c.name, latinName: c.latinName, count, alertDays };
  });
  rows.sort((a, b) => b.count - a.count || a.categoryId - b.categoryId);
  return {
    rows,
    total: rows.reduce((a, r) => a + r.count, 0),
    photos: await repo.photoCount(db, ids, q.startTime, q.endTime),
  };
}

export async function trend(db: Db, auth: AuthContext, q: PestRangeQuery, tzName: string): Promise<PestTrend> {
  const traps = await trapsFor(db, auth, q);
  const clock = zoneClock(tzName);
  const days: number[] = [];
  for (let d = clock.dayBucket(q.startTime); d < q.endTime && days.length < MAX_TREND_DAYS; ) {
    days.push(d);
    d = clock.dayBucket(d + 36 * 3_600_000);
  }
  const index = new Map(days.map((d, i) => [d, i]));
  const perDay = await dailyCatches(
    db,
    traps.map((t) => t.id),
    q,
    tzName,
  );
  const categories = await allCategories(db, auth.merchantId, q.kind);
  const series = categories
    .map((c) => {
      const counts = days.map(() => 0);
      for (const [day, m] of perDay) {
        const i = index.get(day);
        if (i !== undefined) counts[i] += m.get(c.categoryId) ?? 0;
      }
      return { categoryId: c.categoryId, name: c.name, dailyThreshold: c.dailyThreshold, counts };
    })
    .filter((s) => s.counts.some((n) => n > 0));

  const station = await repo.weatherStation(db, scopeOf(auth), q.groupId);
  const temperature: (number | null)[] = days.map(() => null);
  if (station && classAllowed(auth.grants, 'weatherStation')) {
    for (const r of await repo.dailyTemperature(db, station.id, days[0] ?? q.startTime, q.endTime)) {
      const i = index.get(r.bucket);
      if (i !== undefined && r.count > 0) temperature[i] = Math.round((r.sum / r.count) * 10) / 10;
    }
  }
  return {
    days,
    series,
    temperature,
    weatherStation:
      station && classAllowed(auth.grants, 'weatherStation')
        ? { deviceId: station.id, deviceName: station.name }
        : null,
  };
}
