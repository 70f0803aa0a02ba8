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
import { pageOf } from '../../../db/paging';
import type { ProductionMachineryTable } from '../../../db/productionStockSchema';
import { inList } from '../../../db/scope';
import { notFound } from '../../../http/apiError';
import { requirePark } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { zoneOfPark } from '../../parks/repo';

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

function machines(db: Db, auth: AuthContext, q: { groupId: number; keyword?: string; status?: string }) {
  let base = db
    .selectFrom('production_machinery')
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', 'in', inList(auth.groupIds))
    .where('group_id', '=', q.groupId);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    base = base.where((eb) => eb.or([eb('name', 'like', like), eb('model', 'like', like), eb('plate', 'like', like)]));
  }
  return base;
}

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
  const base = machines(db, auth, q);
  const { rows, total } = await pageOf(
    base.selectAll().orderBy('name').orderBy('id'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
  const by = await dueBy(db, q.groupId, defaultZone);
  return { list: rows.map((r) => toMachinery(r, by)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function machineryExportRows(
  db: Db,
  auth: AuthContext,
  q: { groupId: number; keyword?: string; status?: MachineryStatus },
  defaultZone: string,
) {
  requirePark(auth, q.groupId);
  const rows = await machines(db, auth, q).selectAll().orderBy('name').orderBy('id').execute();
  const by = await dueBy(db, q.groupId, defaultZone);
  return rows.map((r) => toMachinery(r, by));
}

export async function machineryOptions(db: Db, auth: AuthContext, groupId: number) {
  requirePark(auth, groupId);
  const rows = await machines(db, auth, { groupId })
    .select(['id', 'name'])
    .where('status', '!=', 'scrapped')
    .orderBy('name')
    .execute();
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
  const rows = await machines(db, auth, { groupId })
    .select(['id', 'name', 'next_due_on'])
    .where('status', '!=', 'scrapped')
    .where('next_due_on', 'is not', null)
    .where('next_due_on', '<=', await dueBy(db, groupId, defaultZone))
    .orderBy('next_due_on')
    .execute();
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
  const row = await db
    .insertInto('production_machinery')
    .values({ ...fields(b), merchant_id: auth.merchantId, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

async function visible(db: Db, auth: AuthContext, id: number): Promise<Row> {
  const row = await db
    .selectFrom('production_machinery')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', 'in', inList(auth.groupIds))
    .executeTakeFirst();
  if (!row) throw notFound(`id ${id}: machine`);
  return row;
}

export async function alterMachinery(db: Db, auth: AuthContext, b: AlterMachineryBody) {
  const row = await visible(db, auth, b.id);
  if (row.group_id !== b.groupId) throw notFound(`groupId ${b.groupId}: park`);
  await db
    .updateTable('production_machinery')
    .set({ ...fields(b), updated_at: Date.now() })
    .where('id', '=', b.id)
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', '=', row.group_id)
    .execute();
  return { id: b.id };
}

/** Removing a machine takes its maintenance log and its mentions in farm work with it. */
export async function removeMachinery(db: Db, auth: AuthContext, ids: number[]) {
  for (const id of ids) await visible(db, auth, id);
  await db
    .deleteFrom('production_machinery')
    .where('id', 'in', inList(ids))
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', 'in', inList(auth.groupIds))
    .execute();
  return null;
}

export async function listMaintenance(
  db: Db,
  auth: AuthContext,
  q: { machineryId: number; pageNum: number; pageSize: number },
): Promise<Paged<Maintenance>> {
  const m = await visible(db, auth, q.machineryId);
  const base = db
    .selectFrom('production_maintenance')
    .where('machinery_id', '=', m.id)
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', '=', m.group_id);
  const { rows, total } = await pageOf(
    base.selectAll().orderBy('done_on', 'desc').orderBy('id', 'desc'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      machineryId: r.machinery_id,
      doneOn: r.done_on,
      type: r.type,
      cost: Number(r.cost),
      notes: r.notes,
      nextDueOn: r.next_due_on,
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** The machine's next due day follows its latest record (by day, then by entry). */
async function refreshNextDue(trx: Db, m: Row) {
  const latest = await trx
    .selectFrom('production_maintenance')
    .select('next_due_on')
    .where('machinery_id', '=', m.id)
    .where('merchant_id', '=', m.merchant_id)
    .where('group_id', '=', m.group_id)
    .orderBy('done_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  await trx
    .updateTable('production_machinery')
    .set({ next_due_on: latest?.next_due_on ?? null, updated_at: Date.now() })
    .where('id', '=', m.id)
    .where('merchant_id', '=', m.merchant_id)
    .execute();
}

export async function addMaintenance(db: Db, auth: AuthContext, b: AddMaintenanceBody) {
  const m = await visible(db, auth, b.machineryId);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('production_maintenance')
      .values({
        merchant_id: m.merchant_id,
        group_id: m.group_id,
        machinery_id: m.id,
        done_on: b.doneOn,
        type: b.type,
        cost: b.cost,
        notes: b.notes,
        next_due_on: b.nextDueOn,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshNextDue(trx, m);
    return row.id;
  });
  return { id };
}

export async function removeMaintenance(db: Db, auth: AuthContext, ids: number[]) {
  const rows = await db
    .selectFrom('production_maintenance')
    .select(['id', 'machinery_id'])
    .where('id', 'in', inList(ids))
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', 'in', inList(auth.groupIds))
    .execute();
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(`id ${missing}: maintenance record`);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('production_maintenance')
      .where('id', 'in', inList(ids))
      .where('merchant_id', '=', auth.merchantId)
      .execute();
    for (const mid of new Set(rows.map((r) => r.machinery_id)))
      await refreshNextDue(trx, await visible(trx, auth, mid));
  });
  return null;
}
