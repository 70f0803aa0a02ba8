import type { Db } from '../../../db/connect';
import { inList } from '../../../db/scope';
import { notFound } from '../../../http/apiError';
import type { AuthContext } from '../../auth/sessions';

/** Photos of farm work: stored in the image store, found only through a record of the caller's parks. */
export const MAX_PHOTOS = 9;

export async function addPhoto(
  db: Db,
  auth: AuthContext,
  farmWorkId: number,
  store: () => Promise<{ sha256: string; mime: string; bytes: number }>,
) {
  const w = await db
    .selectFrom('production_farm_work')
    .select(['id', 'group_id'])
    .where('id', '=', farmWorkId)
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', 'in', inList(auth.groupIds))
    .executeTakeFirst();
  if (!w) throw notFound(`farmWorkId ${farmWorkId}: farm work`);
  const stored = await store();
  const row = await db
    .insertInto('production_farm_work_photos')
    .values({
      farm_work_id: w.id,
      merchant_id: auth.merchantId,
      group_id: w.group_id,
      sha256: stored.sha256,
      mime: stored.mime,
      bytes: stored.bytes,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

export async function photoOf(db: Db, auth: AuthContext, id: number) {
  const p = await db
    .selectFrom('production_farm_work_photos')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', 'in', inList(auth.groupIds))
    .executeTakeFirst();
  if (!p) throw notFound(`id ${id}: photo`);
  return p;
}

/** The file stays: the image store is content-addressed and shared (the same picture may be elsewhere). */
export async function removePhoto(db: Db, auth: AuthContext, id: number) {
  const p = await photoOf(db, auth, id);
  await db
    .deleteFrom('production_farm_work_photos')
    .where('id', '=', p.id)
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', '=', p.group_id)
    .execute();
  return null;
}
