import { classAllowed, type DeviceClass, type ZoneWaterRow } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import type { AuthContext } from '../auth/sessions';
import * as repo from './repo';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function localDay(ts: number, tz: string): string {
  let f = dayFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(tz, f);
  }
  return f.format(new Date(ts));
}

/**
 * Water by zone by local day for one machine, from its runs: a run's metered water is split evenly
 * over its zones (the machine has one meter) and counted on the day the run started.
 */
export async function zoneWater(
  db: Db,
  auth: AuthContext,
  q: { deviceId: number; startTime: number; endTime: number },
  tz: string,
): Promise<ZoneWaterRow[]> {
  const scope = { merchantId: auth.merchantId, groupIds: auth.groupIds };
  const device = await repo.findDevice(db, scope, q.deviceId);
  if (!device || !classAllowed(auth.grants, device.device_class as DeviceClass)) {
    throw notFound(`deviceId ${q.deviceId}: machine`);
  }
  const rows = new Map<string, ZoneWaterRow>();
  for (const run of await repo.runsOverlapping(db, scope, q.deviceId, q.startTime, q.endTime)) {
    const zones = JSON.parse(run.zones) as number[];
    const day = localDay(Number(run.started_at), tz);
    for (const zone of zones) {
      const key = `${day}|${zone}`;
      const row = rows.get(key) ?? { day, zone, waterM3: 0, runs: 0 };
      row.waterM3 += (run.water_m3 ?? 0) / zones.length;
      row.runs += 1;
      rows.set(key, row);
    }
  }
  return [...rows.values()]
    .map((r) => ({ ...r, waterM3: Math.round(r.waterM3 * 1000) / 1000 }))
    .sort((a, b) => (a.day === b.day ? a.zone - b.zone : a.day.localeCompare(b.day)));
}
