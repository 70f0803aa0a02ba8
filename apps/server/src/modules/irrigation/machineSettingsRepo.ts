import type { Db } from '../../db/connect';
import { merchantWide } from '../../db/scope';

/** Pump protection: a machine's own settings (`irrigation_machine_settings`) and its recent runs. Kysely only. */

/** The machine's own settings, if someone set them (the caller has found the machine in its scope). */
export function settingsRow(db: Db, merchantId: number, deviceId: number) {
  return merchantWide(db, merchantId)
    .selectFrom('irrigation_machine_settings')
    .select(['min_run_min', 'min_rest_min', 'max_starts_per_hour'])
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  row: {
    merchant_id: number;
    device_id: number;
    min_run_min: number;
    min_rest_min: number;
    max_starts_per_hour: number;
    updated_at: number;
  },
): Promise<void> {
  const { device_id: _, merchant_id: __, ...set } = row;
  await merchantWide(db, row.merchant_id)
    .insertInto('irrigation_machine_settings')
    .values(row)
    .onConflict((oc) => oc.column('device_id').doUpdateSet(set))
    .execute();
}

/**
 * When the machine's pump started in runs since `since` (runs whose start the machine confirmed), oldest
 * first, and when its last run ended: what the start budget counts.
 */
export async function pumpHistory(db: Db, deviceId: number, since: number) {
  const starts = await db
    .selectFrom('irrigation_runs')
    .select('started_at')
    .where('device_id', '=', deviceId)
    .where('started_at', '>', since)
    .orderBy('started_at')
    .execute();
  const last = await db
    .selectFrom('irrigation_runs')
    .select('ended_at')
    .where('device_id', '=', deviceId)
    .where('started_at', 'is not', null)
    .where('ended_at', 'is not', null)
    .orderBy('ended_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    starts: starts.map((r) => Number(r.started_at)),
    lastEndedAt: last?.ended_at == null ? null : Number(last.ended_at),
  };
}
