import type { Db } from '../../../db/connect';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { staffUsers } from './personnelRepo';
import { plotsOfPark } from './plotsRepo';

/** The park's plots for the planting dialog (read on the plant page's own permission, not the map's). */
export async function plotOptions(db: Db, auth: AuthContext, groupId: number) {
  requirePark(auth, groupId);
  const rows = await plotsOfPark(db, scopeOf(auth), groupId);
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
  return staffUsers(db, scopeOf(auth));
}
