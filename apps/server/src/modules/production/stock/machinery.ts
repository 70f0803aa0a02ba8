import type {
  AddMachineryBody,
  AddMaintenanceBody,
  AlterMachineryBody,
  Machinery,
  MachineryStatus,
  Maintenance,
  MaintenanceDue,
  Paged,
} from '@farmpark/contracts';
import { addDays, dayIn } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { ProductionMachineryTable, ProductionMaintenanceTable } from '../../../db/productionStockSchema';
import { deleteByIds, insertRow, updateById } from '../../../db/rows';
import { paged } from '../../../http/lists';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { zoneOfPark } from '../../parks/repo';
import { rowsToRemove, rowToAlter, visibleRow } from './answers';
import * as repo from './machineryRepo';

/**
 * Machinery of a park and its maintenance log (/productionManagement/machinery). A machine's next due
 * day is the one its latest maintenance record set; it is kept on the machine so lists sort and count
 * on it. "Due" means within 7 days of the park's today, or already past.
 */
export const DUE_WITHIN_DAYS = 7;
type Row = Selectable<ProductionMachineryTable>;

const toMachinery = (r: Row, dueBy: string): Machinery => ({
  id: r.id,
  groupId: r.group_id,
  name: r.name,
  type: r.type,
  model: r.model,
  plate: r.plate,
  status: r.status as MachineryStatus,
  purchasedOn: r.purchased_on,
  nextDueOn: r.next_due_on,
  due: r.status !== 'scrapped' && r.next_due_on !== null && r.next_due_on <= dueBy,
  remark: r.remark,
});

async function dueBy(db: Db, groupId: number, defaultZone: string) {
  return addDays(dayIn(await zoneOfPark(db, groupId, defaultZone)), DUE_WITHIN_DAYS);
}

export async function listMachinery(
  db: Db,
  auth: AuthContext,
  q: { groupId: number; keyword?: string; status?: MachineryStatus; pageNum: number; pageSize: number },
  defaultZone: string,
): Promise<Paged<Machinery>> {
  requirePark(auth, q.groupId);
  const page = await repo.listMachinery(db, scopeOf(auth), q);
  const by = await dueBy(db, q.groupId, defaultZone);
  return paged(q, page, (r) => toMachinery(r, by));
}

export async function machineryExportRows(
  db: Db,
  auth: AuthContext,
  q: { groupId: number; keyword?: string; status?: MachineryStatus },
  defaultZone: string,
) {
  requirePark(auth, q.groupId);
  const rows = await repo.allMachinery(db, scopeOf(auth), q);
  const by = await dueBy(db, q.groupId, defaultZone);
  return rows.map((r) => toMachinery(r, by));
}

export async function machineryOptions(db: Db, auth: AuthContext, groupId: number) {
  requirePark(auth, groupId);
  const rows = await repo.workingMachines(db, scopeOf(auth), groupId);
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

/** For the home page: machines of the park whose maintenance falls due within 7 days (or is overdue). */
export async function maintenanceDue(
  db: Db,
  auth: AuthContext,
  groupId: number,
  defaultZone: string,
): Promise<MaintenanceDue> {
  requirePark(auth, groupId);
  const rows = await repo.workingMachines(db, scopeOf(auth), groupId, await dueBy(db, groupId, defaultZone));
  return {
    count: rows.length,
    machines: rows.map((r) => ({ id: r.id, name: r.name, nextDueOn: r.next_due_on as string })),
  };
}

const fields = (b: AddMachineryBody) => ({
  group_id: b.groupId,
  name: b.name,
  type: b.type,
  model: b.model,
  plate: b.plate,
  status: b.status,
  purchased_on: b.purchasedOn,
  remark: b.remark,
});

export async function addMachinery(db: Db, auth: AuthContext, b: AddMachineryBody) {
  requirePark(auth, b.groupId);
  const at = Date.now();
  const row = { ...fields(b), merchant_id: auth.merchantId, created_at: at, updated_at: at };
  return { id: await insertRow(db, scopeOf(auth), 'production_machinery', row) };
}

const visible = (db: Db, auth: AuthContext, id: number) =>
  visibleRow(db, auth, 'production_machinery', id, `id ${id}: machine`);

export async function alterMachinery(db: Db, auth: AuthContext, b: AlterMachineryBody) {
  await rowToAlter(db, auth, 'production_machinery', b, 'machine');
  await updateById(db, scopeOf(auth), 'production_machinery', b.id, { ...fields(b), updated_at: Date.now() });
  return { id: b.id };
}

/** Removing a machine takes its maintenance log and its mentions in farm work with it. */
export async function removeMachinery(db: Db, auth: AuthContext, ids: number[]) {
  for (const id of ids) await visible(db, auth, id);
  await deleteByIds(db, scopeOf(auth), 'production_machinery', ids);
  return null;
}

const toMaintenance = (r: Selectable<ProductionMaintenanceTable>): Maintenance => ({
  id: r.id,
  machineryId: r.machinery_id,
  doneOn: r.done_on,
  type: r.type,
  cost: Number(r.cost),
  notes: r.notes,
  nextDueOn: r.next_due_on,
});

export async function listMaintenance(
  db: Db,
  auth: AuthContext,
  q: { machineryId: number; pageNum: number; pageSize: number },
): Promise<Paged<Maintenance>> {
  const m = await visible(db, auth, q.machineryId);
  return paged(q, await repo.listMaintenance(db, scopeOf(auth), m.id, q), toMaintenance);
}

export async function addMaintenance(db: Db, auth: AuthContext, b: AddMaintenanceBody) {
  const m = await visible(db, auth, b.machineryId);
  const record = {
    merchant_id: m.merchant_id,
    group_id: m.group_id,
    machinery_id: m.id,
    done_on: b.doneOn,
    type: b.type,
    cost: b.cost,
    notes: b.notes,
    next_due_on: b.nextDueOn,
    created_at: Date.now(),
  };
  const id = await db.transaction().execute(async (trx) => {
    const made = await insertRow(trx, scopeOf(auth), 'production_maintenance', record);
    await repo.refreshNextDue(trx, scopeOf(auth), m.id);
    return made;
  });
  return { id };
}

export async function removeMaintenance(db: Db, auth: AuthContext, ids: number[]) {
  const rows = await rowsToRemove(db, auth, 'production_maintenance', ids, 'maintenance record');
  await db.transaction().execute(async (trx) => {
    await deleteByIds(trx, scopeOf(auth), 'production_maintenance', ids);
    for (const mid of new Set(rows.map((r) => r.machinery_id))) await repo.refreshNextDue(trx, scopeOf(auth), mid);
  });
  return null;
}
