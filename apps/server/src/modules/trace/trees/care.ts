import type { AddTreeCareBody, TreeCare } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import type { Scope } from '../../../db/scope';
import { notFound } from '../../../http/apiError';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { addFarmWork, ONE_OFF, removeFarmWork } from '../../production/stock/farmWork';
import { materialsOfWork } from '../batches/recordsRepo';
import * as repo from './careRepo';
import { treeRow } from './service';

type Material = { name: string; quantity: number; unit: string };

/** Materials of each work, keyed by its id, in the shape both the console and the public page show. */
export async function materialsByWork(db: Db, scope: Scope, works: { id: number }[]) {
  const byWork = new Map<number, Material[]>();
  const ids = works.map((w) => w.id);
  for (const m of await materialsOfWork(db, scope, ids)) {
    const list = byWork.get(m.farm_work_id) ?? [];
    list.push({ name: m.name, quantity: m.quantity, unit: m.unit });
    byWork.set(m.farm_work_id, list);
  }
  return byWork;
}

export async function treeCare(db: Db, auth: AuthContext, treeId: number): Promise<TreeCare[]> {
  await treeRow(db, auth, treeId, 'treeId');
  const works = await repo.careOf(db, scopeOf(auth), treeId);
  const mats = await materialsByWork(db, scopeOf(auth), works);
  return works.map((w) => ({
    farmWorkId: w.id,
    type: w.type,
    status: w.status,
    day: w.done_on ?? w.planned_on,
    notes: w.notes,
    materials: mats.get(w.id) ?? [],
  }));
}

/**
 * A care record is production's farm work on the tree's plot, done on the day given: production's service
 * makes it (its checks, the stock it takes), then it is marked as the tree's.
 */
export async function addTreeCare(db: Db, auth: AuthContext, b: AddTreeCareBody, tzName: string) {
  const tree = await treeRow(db, auth, b.treeId, 'treeId');
  const made = await addFarmWork(
    db,
    auth,
    {
      groupId: tree.group_id,
      type: b.type,
      areaPointId: tree.area_point_id,
      plantingId: null,
      plannedOn: b.doneOn,
      status: 'done',
      doneOn: b.doneOn,
      notes: b.notes,
      personnelIds: [],
      machineryIds: [],
      materials: b.materials,
      ...ONE_OFF,
    },
    tzName,
  );
  await repo.linkWork(db, scopeOf(auth), tree.id, made.ids);
  return { id: made.id };
}

/** Removes the work itself through production (its stock goes back), as the farm work page would. */
export async function removeTreeCare(db: Db, auth: AuthContext, treeId: number, farmWorkId: number) {
  await treeRow(db, auth, treeId, 'treeId');
  if (!(await repo.workOfTree(db, scopeOf(auth), treeId, farmWorkId)))
    throw notFound(`farmWorkId ${farmWorkId}: care record of tree ${treeId}`);
  await removeFarmWork(db, auth, [farmWorkId]);
  return null;
}
