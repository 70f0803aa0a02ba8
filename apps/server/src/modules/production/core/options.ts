import type { Db } from '../../../db/connect';
import { requirePark } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';

/** The park's plots for the planting dialog (read on the plant page's own permission, not the map's). */
export async function plotOptions(db: Db, auth: AuthContext, groupId: number) {
  requirePark(auth, groupId);
  const rows = await db
    .selectFrom('area_points')
    .select(['id', 'name', 'crop', 'area'])
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', '=', groupId)
    .orderBy('id')
    .execute();
  // area points keep hectares; a farm counts mu (15 to the hectare)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    crop: r.crop,
    areaMu: r.area === null ? null : Math.round(Number(r.area) * 15 * 10) / 10,
  }));
}

/** Console users of the merchant a person may be linked to. */
export async function userOptions(db: Db, auth: AuthContext) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name as userName'])
    .where('merchant_id', '=', auth.merchantId)
    .where('kind', '=', 'staff')
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}
