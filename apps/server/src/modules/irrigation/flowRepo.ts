import type { Db } from '../../db/connect';

/** The queries of the flow alarms (flowAlarms.ts): a machine's finished runs, a run's readings. */

/** A machine's last `limit` runs that started and ended on their own or by a stop, newest first. */
export function finishedRuns(db: Db, deviceId: number, limit: number) {
  return db
    .selectFrom('irrigation_runs')
    .select(['id', 'zones', 'state', 'started_at', 'ended_at'])
    .where('device_id', '=', deviceId)
    .where('state', 'in', ['done', 'stopped'])
    .where('started_at', 'is not', null)
    .where('ended_at', 'is not', null)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The machine's run under way (started, not yet stopping), if there is one. */
export function runningRun(db: Db, deviceId: number) {
  return db
    .selectFrom('irrigation_runs')
    .select(['id', 'zones', 'started_at'])
    .where('device_id', '=', deviceId)
    .where('state', '=', 'running')
    .where('started_at', 'is not', null)
    .executeTakeFirst();
}

/** When the machine's last finished run ended (null: none yet). */
export async function lastRunEnd(db: Db, deviceId: number): Promise<number | null> {
  const r = await db
    .selectFrom('irrigation_runs')
    .select((e) => e.fn.max('ended_at').as('at'))
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return r?.at == null ? null : Number(r.at);
}

/** The mean, highest and number of the stored readings of these keys in [from, to], per key. */
export async function readingStats(db: Db, deviceId: number, keys: readonly string[], from: number, to: number) {
  const rows = await db
    .selectFrom('telemetry')
    .select((e) => [
      'key',
      e.fn.avg<number | string>('value').as('mean'),
      e.fn.max<number | string>('value').as('top'),
      e.fn.countAll<number | string>().as('n'),
    ])
    .where('device_id', '=', deviceId)
    .where('key', 'in', keys)
    .where('ts', '>=', from)
    .where('ts', '<=', to)
    .groupBy('key')
    .execute();
  return new Map(rows.map((r) => [r.key, { mean: Number(r.mean), top: Number(r.top), n: Number(r.n) }]));
}
