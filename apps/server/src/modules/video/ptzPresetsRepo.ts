import type { Db } from '../../db/connect';
import { merchantWide } from '../../db/scope';

/**
 * A camera's named presets. Every query names the merchant (merchantWide); the camera's park is checked
 * by its caller through the camera itself (service `cameraOf`, scoped to the caller's parks).
 */
const presets = (db: Db, merchantId: number) => merchantWide(db, merchantId).selectFrom('video_ptz_presets');

export function presetsOf(db: Db, merchantId: number, cameraId: number) {
  return presets(db, merchantId).selectAll().where('device_id', '=', cameraId).orderBy('id').execute();
}

export function presetById(db: Db, merchantId: number, id: number) {
  return presets(db, merchantId).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPreset(
  db: Db,
  merchantId: number,
  row: { device_id: number; preset_index: number; name: string },
): Promise<number> {
  const r = await merchantWide(db, merchantId)
    .insertInto('video_ptz_presets')
    .values({ merchant_id: merchantId, ...row, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function deletePreset(db: Db, merchantId: number, id: number): Promise<void> {
  await merchantWide(db, merchantId).deleteFrom('video_ptz_presets').where('id', '=', id).execute();
}
