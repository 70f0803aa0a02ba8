import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { ProductionSuppliersTable } from '../../../db/productionStockSchema';
import { insertRow, pageOfQuery, updateById } from '../../../db/rows';
import { inList, type Scope, scoped } from '../../../db/scope';

/** Kysely for a park's suppliers and the materials each supplies. */
type Fields = Omit<Insertable<ProductionSuppliersTable>, 'id' | 'merchant_id' | 'created_at' | 'updated_at'>;
type Filter = { groupId: number; keyword?: string };

function sorted(db: Db, scope: Scope, q: Filter) {
  let base = scoped(db, scope, q.groupId).selectFrom('production_suppliers');
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'like', like), eb('contact', 'like', like), eb('phone', 'like', like)]),
    );
  }
  return base.selectAll().orderBy('name').orderBy('id');
}

export const listSuppliers = (db: Db, scope: Scope, q: Filter & { pageNum: number; pageSize: number }) =>
  pageOfQuery(sorted(db, scope, q), q);

export const allSuppliers = (db: Db, scope: Scope, q: Filter) => sorted(db, scope, q).execute();

/** The materials each supplier supplies, with their names. */
export async function materialsOf(db: Db, scope: Scope, supplierIds: number[]) {
  const rows = await scoped(db, scope)
    .selectFrom('production_supplier_materials as l')
    .innerJoin('production_materials as m', 'm.id', 'l.material_id')
    .select(['l.supplier_id', 'm.id', 'm.name'])
    .where('l.supplier_id', 'in', inList(supplierIds))
    .orderBy('m.name')
    .execute();
  return (id: number) => rows.filter((r) => r.supplier_id === id);
}

/** Writes a supplier (a new one when `id` is null) and replaces the materials it supplies. */
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
    sid = await insertRow(db, scope, 'production_suppliers', {
      ...f,
      merchant_id: scope.merchantId,
      created_at: at,
      updated_at: at,
    });
  } else {
    await updateById(db, scope, 'production_suppliers', sid, { ...f, updated_at: at });
    await scoped(db, scope).deleteFrom('production_supplier_materials').where('supplier_id', '=', sid).execute();
  }
  const links = materialIds.map((m) => ({
    supplier_id: sid,
    material_id: m,
    merchant_id: scope.merchantId,
    group_id: f.group_id,
  }));
  if (links.length > 0) await scoped(db, scope).insertInto('production_supplier_materials').values(links).execute();
  return sid;
}
