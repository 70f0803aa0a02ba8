import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow, rowById } from '../../../db/rows';
import { notFound } from '../../../http/apiError';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { visibleWork } from './farmWork';

/** Photos of farm work: stored in the image store, found only through a record of the caller's parks. */
export const MAX_PHOTOS = 9;

export async function addPhoto(
  db: Db,
  auth: AuthContext,
  farmWorkId: number,
  store: () => Promise<{ sha256: string; mime: string; bytes: number }>,
) {
  const w = await visibleWork(db, auth, farmWorkId, 'farmWorkId');
  const stored = await store();
  const id = await insertRow(db, scopeOf(auth), 'production_farm_work_photos', {
    farm_work_id: w.id,
    merchant_id: auth.merchantId,
    group_id: w.group_id,
    sha256: stored.sha256,
    mime: stored.mime,
    bytes: stored.bytes,
    created_at: Date.now(),
  });
  return { id };
}

export async function photoOf(db: Db, auth: AuthContext, id: number) {
  const p = await rowById(db, scopeOf(auth), 'production_farm_work_photos', id);
  if (!p) throw notFound(`id ${id}: photo`);
  return p;
}

/** The file stays: the image store is content-addressed and shared (the same picture may be elsewhere). */
export async function removePhoto(db: Db, auth: AuthContext, id: number) {
  const p = await photoOf(db, auth, id);
  await deleteByIds(db, scopeOf(auth), 'production_farm_work_photos', [p.id]);
  return null;
}
