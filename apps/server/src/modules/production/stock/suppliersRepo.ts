import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import type { ProductionSuppliersTable } from '../../../db/productionStockSchema';
import { inList, type Scope } from '../../../db/scope';

type Fields = Omit<Insertable<ProductionSuppliersTable>, 'id' | 'merchant_id' | 'created_at' | 'updated_at'>;

function filtered(db: Db, scope: Scope, q: { groupId: number; keyword?: string }) {
  let base = db
    .selectFrom('production_suppliers')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('group_id', '=', q.groupId);
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'like', like), eb('contact', 'like', like), eb('phone', 'like', like)]),
    );
  }
  return base;
}

export function listSuppliers(
  db: Db,
  scope: Scope,
  q: { groupId: number; keyword?: string; pageNum: number; pageSize: number },
) {
  const base = filtered(db, scope, q);
  return pageOf(
    base.selectAll().orderBy('name').orderBy('id'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}

export function allSuppliers(db: Db, scope: Scope, q: { groupId: number; keyword?: string }) {
  return filtered(db, scope, q).selectAll().orderBy('name').orderBy('id').execute();
}

export function findSuppliers(db: Db, scope: Scope, ids: number[]) {
  return db
    .selectFrom('production_suppliers')
    .selectAll()
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids))
    .execute();
}

/** The materials each supplier supplies, with their names. */
export async function materialsOf(db: Db, scope: Scope, supplierIds: number[]) {
  const rows = await db
    .selectFrom('production_supplier_materials as l')
    .innerJoin('production_materials as m', 'm.id', 'l.material_id')
    .select(['l.supplier_id', 'm.id', 'm.name'])
    .where('l.merchant_id', '=', scope.merchantId)
    .where('l.group_id', 'in', inList(scope.groupIds))
    .where('l.supplier_id', 'in', inList(supplierIds))
    .orderBy('m.name')
    .execute();
  return (id: number) => rows.filter((r) => r.supplier_id === id);
}

/** Materials of the park among `ids` (a supplier supplies only its own park's materials). */
export async function materialIdsInPark(db: Db, scope: Scope, groupId: number, ids: number[]) {
  const rows = await db
    .selectFrom('production_materials')
    .select('id')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', '=', groupId)
    .where('id', 'in', inList(ids))
    .execute();
  return rows.map((r) => r.id);
}

export async function saveSupplier(
  db: Db,
  scope: Scope,
  id: number | null,
  f: Fields,
  materialIds: number[],
  at: number,
): Promise<number> {
  let sid = id;
  if (sid === null) {
    const row = await db
      .insertInto('production_suppliers')
      .values({ ...f, merchant_id: scope.merchantId, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    sid = row.id;
  } else {
    await db
      .updateTable('production_suppliers')
      .set({ ...f, updated_at: at })
      .where('id', '=', sid)
      .where('merchant_id', '=', scope.merchantId)
      .where('group_id', 'in', inList(scope.groupIds))
      .execute();
    await db
      .deleteFrom('production_supplier_materials')
      .where('supplier_id', '=', sid)
      .where('merchant_id', '=', scope.merchantId)
      .execute();
  }
  if (materialIds.length > 0)
    await db
      .insertInto('production_supplier_materials')
      .values(
        materialIds.map((m) => ({
          supplier_id: sid,
          material_id: m,
          merchant_id: scope.merchantId,
          group_id: f.group_id,
        })),
      )
      .execute();
  return sid;
}

/** Ledger deliveries from each supplier: a supplier with deliveries on record is in use. */
export function deliveries(db: Db, scope: Scope, ids: number[]) {
  return db
    .selectFrom('production_stock_moves')
    .select(['supplier_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('supplier_id', 'in', inList(ids))
    .groupBy('supplier_id')
    .execute();
}

export async function deleteSuppliers(db: Db, scope: Scope, ids: number[]) {
  await db
    .deleteFrom('production_suppliers')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids))
    .execute();
}
