import type { Db } from '../../db/connect';
import { type Scope, scoped } from '../../db/scope';

/** Keys of a weather station the top bar reads (packages/contracts devices.ts, weatherStation). */
export const STATION_KEYS = ['airTemp', 'rainfall', 'illuminance'] as const;

export interface StationReading {
  key: string;
  ts: number;
  value: number;
  prevValue: number | null;
  prevTs: number | null;
}

/** Latest readings of the park's weather stations, newest first; none for a park out of the scope. */
export async function latestStationReadings(db: Db, scope: Scope, groupId: number): Promise<StationReading[]> {
  const rows = await scoped(db, scope, groupId)
    .selectFrom('device_latest as l')
    .innerJoin('devices as d', 'd.id', 'l.device_id')
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
