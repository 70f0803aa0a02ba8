import type { FarmWorkOptions } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { machineryOptions } from './machinery';
import { materialOptions } from './materials';

/**
 * What the farm work dialog chooses from in one call: the park's plots, plantings, people, machines and
 * materials (with stock). Its own route, so a role with only the farm work page can fill the form.
 */
export async function farmWorkOptions(db: Db, auth: AuthContext, groupId: number): Promise<FarmWorkOptions> {
  requirePark(auth, groupId);
  const scope = scopeOf(auth);
  const [plots, plantings, people, machinery, materials] = await Promise.all([
    db
      .selectFrom('area_points')
      .select(['id', 'name'])
      .where('merchant_id', '=', scope.merchantId)
      .where('group_id', '=', groupId)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('production_plantings as p')
      .leftJoin('production_crops as c', (j) =>
        j.onRef('c.id', '=', 'p.crop_id').on('c.merchant_id', '=', scope.merchantId),
      )
      .select(['p.id', 'p.area_point_id', 'p.variety', 'p.sown_on', 'p.status', 'c.name as crop'])
      .where('p.merchant_id', '=', scope.merchantId)
      .where('p.group_id', '=', groupId)
      .orderBy('p.sown_on', 'desc')
      .limit(500)
      .execute(),
    db
      .selectFrom('production_personnel as m')
      .innerJoin('production_personnel_parks as pp', 'pp.personnel_id', 'm.id')
      .select(['m.id', 'm.name'])
      .where('m.merchant_id', '=', scope.merchantId)
      .where('pp.merchant_id', '=', scope.merchantId)
      .where('pp.group_id', '=', groupId)
      .where('m.status', '=', 'active')
      .orderBy('m.name')
      .execute(),
    machineryOptions(db, auth, groupId),
    materialOptions(db, auth, groupId),
  ]);
  return {
    plots,
    plantings: plantings.map((p) => ({
      id: p.id,
      areaPointId: p.area_point_id,
      label: [p.crop, p.variety, p.sown_on].filter(Boolean).join(' · '),
      status: p.status,
    })),
    people,
    machinery,
    materials,
  };
}
