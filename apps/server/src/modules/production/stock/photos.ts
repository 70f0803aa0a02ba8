import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow } from '../../../db/rows';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { visibleRow } from './answers';
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
  const { sha256, mime, bytes } = await store();
  const photo = { farm_work_id: w.id, merchant_id: auth.merchantId, group_id: w.group_id, sha256, mime, bytes };
  return {
    id: await insertRow(db, scopeOf(auth), 'production_farm_work_photos', { ...photo, created_at: Date.now() }),
  };
}

export const photoOf = (db: Db, auth: AuthContext, id: number) =>
  visibleRow(db, auth, 'production_farm_work_photos', id, `id ${id}: photo`);

/** The file stays: the image store is content-addressed and shared (the same picture may be elsewhere). */
export async function removePhoto(db: Db, auth: AuthContext, id: number) {
  const p = await photoOf(db, auth, id);
  await deleteByIds(db, scopeOf(auth), 'production_farm_work_photos', [p.id]);
  return null;
}
