import type { FarmWorkOptions } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import * as repo from './choicesRepo';
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
    repo.plotsOfPark(db, scope, groupId),
    repo.plantingsOfPark(db, scope, groupId),
    repo.peopleOfPark(db, scope, groupId),
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
