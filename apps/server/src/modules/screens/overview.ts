import type { LngLat, ParkProduction, ScreenOverview, ScreenParkSummary } from '@farmpark/contracts';
import { dayIn } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { findPark } from '../parks/repo';
import { PERMITS as PRODUCTION } from '../production/core/routes';
import { zoneClock } from '../telemetry/buckets';
import * as repo from './overviewRepo';

const ALARMS = '/alarm/alarmList';
const CODES = '/tracingCenter/rootsProductCode';

/**
 * What a screen may show beyond the parks themselves. A data-screen account reads everything its screens
 * show (it has no pages of its own, and it can change nothing); a console user sees a part when their role
 * has its page, as on the single-park screen.
 */
const mayRead = (auth: AuthContext, permitUrl: string) => auth.kind === 'screen' || auth.grants.has(permitUrl);
const mayReadProduction = (auth: AuthContext) => mayRead(auth, PRODUCTION.plant) && mayRead(auth, PRODUCTION.harvest);

const parseBoundary = (json: string | null): LngLat[] => {
  if (!json) return [];
  try {
    const ring = JSON.parse(json) as unknown;
    return Array.isArray(ring) ? (ring as LngLat[]) : [];
  } catch {
    return [];
  }
};

/**
 * The production panel of a park: growing crops by area, the harvest of the park's year to date and
 * the scans of its product codes (traceability) today and in all.
 * Numbers only from the records: no estimate where nothing was recorded.
 */
async function production(
  db: Db,
  auth: AuthContext,
  parks: { id: number; zone: string }[],
  now: number,
): Promise<Map<number, ParkProduction>> {
  const ids = parks.map((p) => p.id);
  const crops = await repo.growingCrops(db, scopeOf(auth), ids);
  const out = new Map<number, ParkProduction>();
  for (const p of parks) {
    const today = dayIn(p.zone, now);
    const year = Number(today.slice(0, 4));
    const harvest = await repo.harvestByUnit(db, scopeOf(auth), p.id, `${year}-01-01`, today);
    const scans = mayRead(auth, CODES)
      ? await repo.codeScans(db, scopeOf(auth), p.id, zoneClock(p.zone).dayBucket(now))
      : null;
    const mine = crops
      .filter((c) => Number(c.group_id) === p.id)
      .map((c) => ({ crop: c.crop, areaMu: round(Number(c.area)), plantings: Number(c.n) }))
      .sort((a, b) => b.areaMu - a.areaMu || a.crop.localeCompare(b.crop));
    out.set(p.id, {
      crops: mine,
      areaMu: round(mine.reduce((s, c) => s + c.areaMu, 0)),
      year,
      harvest: harvest
        .map((h) => ({ unit: h.unit, quantity: round(Number(h.quantity)) }))
        .sort((a, b) => b.quantity - a.quantity),
      scans,
    });
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A multi-park screen: its title and, for each of its parks the caller may see, the numbers to compare. */
export async function screenOverview(
  db: Db,
  auth: AuthContext,
  screenId: number,
  tzName: string,
  now = Date.now(),
): Promise<ScreenOverview> {
  const scope = scopeOf(auth);
  const screen = await repo.findScreen(db, scope, screenId);
  const rows = screen ? await repo.screenParks(db, scope, screenId) : [];
  // a screen none of whose parks the caller sees does not exist for them (as getScreenList leaves it out)
  if (!screen || rows.length === 0) throw notFound(`screenId ${screenId}: screen`);
  const ids = rows.map((r) => r.id);
  const [devices, alarms, crops] = await Promise.all([
    repo.deviceCounts(db, scope, ids),
    mayRead(auth, ALARMS) ? repo.openAlarmCounts(db, scope, ids) : null,
    mayReadProduction(auth)
      ? production(
          db,
          auth,
          rows.map((r) => ({ id: r.id, zone: r.time_zone ?? tzName })),
          now,
        )
      : null,
  ]);
  const parks = rows.map(
    (r): ScreenParkSummary => ({
      groupId: r.id,
      groupName: r.name,
      area: r.area === null ? null : Number(r.area),
      longitude: r.point_longitude ?? r.longitude,
      latitude: r.point_latitude ?? r.latitude,
      boundary: parseBoundary(r.boundary),
      devices: devices.get(r.id) ?? { total: 0, online: 0 },
      alarms: alarms ? (alarms.get(r.id) ?? 0) : null,
      production: crops?.get(r.id) ?? null,
    }),
  );
  return { screenId: screen.id, screenTitle: screen.title, parks };
}

/** The production panel of one park's screen; null when the caller may not read production. */
export async function parkProduction(
  db: Db,
  auth: AuthContext,
  groupId: number,
  tzName: string,
  now = Date.now(),
): Promise<ParkProduction | null> {
  requirePark(auth, groupId);
  if (!mayReadProduction(auth)) return null;
  const park = await findPark(db, scopeOf(auth), groupId);
  if (!park) throw notFound(`groupId ${groupId}: park`);
  const out = await production(db, auth, [{ id: park.id, zone: park.time_zone ?? tzName }], now);
  return out.get(park.id) ?? null;
}
