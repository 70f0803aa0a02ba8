import type { Db } from '../../db/connect';
import { merchantWide } from '../../db/scope';
import type { VideoWallLayoutsTable } from '../../db/videoCamerasSchema';

/** A user's wall views and tours: every query names the merchant (merchantWide) and the user. */
const ofUser = (db: Db, merchantId: number, userId: number) =>
  merchantWide(db, merchantId).selectFrom('video_wall_layouts').where('user_id', '=', userId);

export function layoutsOf(db: Db, merchantId: number, userId: number) {
  return ofUser(db, merchantId, userId).selectAll().orderBy('kind').orderBy('name').orderBy('id').execute();
}

type Row = Pick<VideoWallLayoutsTable, 'kind' | 'name' | 'layout'>;

export async function insertLayout(db: Db, merchantId: number, userId: number, row: Row, now: number) {
  const r = await merchantWide(db, merchantId)
    .insertInto('video_wall_layouts')
    .values({ merchant_id: merchantId, user_id: userId, ...row, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Whether the user had such a layout (of that kind) to change. */
export async function updateLayout(db: Db, merchantId: number, userId: number, id: number, row: Row, now: number) {
  const r = await merchantWide(db, merchantId)
    .updateTable('video_wall_layouts')
    .set({ name: row.name, layout: row.layout, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('kind', '=', row.kind)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteLayout(db: Db, merchantId: number, userId: number, id: number): Promise<boolean> {
  const r = await merchantWide(db, merchantId)
    .deleteFrom('video_wall_layouts')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
