import type { Db } from '../../db/connect';
import type { Scope } from '../../db/scope';

/** Keys of a weather station the top bar reads (packages/contracts devices.ts, weatherStation). */
export const STATION_KEYS = ['airTemp', 'rainfall', 'illuminance'] as const;

export interface StationReading {
  key: string;
  ts: number;
  value: number;
  prevValue: number | null;
  prevTs: number | null;
}

/** Latest readings of the park's weather stations, newest first; scoped to the caller's merchant and parks. */
export async function latestStationReadings(db: Db, scope: Scope, groupId: number): Promise<StationReading[]> {
  if (!scope.groupIds.includes(groupId)) return [];
  const rows = await db
    .selectFrom('device_latest as l')
    .innerJoin('devices as d', 'd.id', 'l.device_id')
    .where('d.merchant_id', '=', scope.merchantId)
    .where('d.group_id', '=', groupId)
    .where('d.device_class', '=', 'weatherStation')
    .where('l.key', 'in', [...STATION_KEYS])
    .select(['l.key', 'l.ts', 'l.value', 'l.prev_value', 'l.prev_ts'])
    .orderBy('l.ts', 'desc')
    .execute();
  return rows.map((r) => ({
    key: r.key,
    ts: Number(r.ts),
    value: Number(r.value),
    prevValue: r.prev_value === null ? null : Number(r.prev_value),
    prevTs: r.prev_ts === null ? null : Number(r.prev_ts),
  }));
}
