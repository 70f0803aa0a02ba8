import type { MaterialListQuery } from '@farmpark/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import type { ProductionMaterialsTable } from '../../../db/productionStockSchema';
import { inList, type Scope } from '../../../db/scope';

type Fields = Omit<Insertable<ProductionMaterialsTable>, 'id' | 'merchant_id' | 'created_at' | 'updated_at' | 'stock'>;

function filtered(db: Db, scope: Scope, q: Omit<MaterialListQuery, 'pageNum' | 'pageSize'>) {
  let base = db
    .selectFrom('production_materials')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('group_id', '=', q.groupId);
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'like', like), eb('spec', 'like', like), eb('registration_no', 'like', like)]),
    );
  }
  if (q.low) base = base.where('low_stock', '>', 0).whereRef('stock', '<=', 'low_stock');
  return base;
}

export function listMaterials(db: Db, scope: Scope, q: MaterialListQuery) {
  const base = filtered(db, scope, q);
  return pageOf(
    base.selectAll().orderBy('kind').orderBy('name').orderBy('id'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}

export function allMaterials(db: Db, scope: Scope, q: Omit<MaterialListQuery, 'pageNum' | 'pageSize'>) {
  return filtered(db, scope, q).selectAll().orderBy('kind').orderBy('name').orderBy('id').execute();
}

export async function suppliersOf(db: Db, scope: Scope, materialIds: number[]) {
  const rows = await db
    .selectFrom('production_supplier_materials')
    .select(['material_id', 'supplier_id'])
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('material_id', 'in', inList(materialIds))
    .execute();
  return (id: number) => rows.filter((r) => r.material_id === id).map((r) => r.supplier_id);
}

export function findMaterials(db: Db, scope: Scope, ids: number[]) {
  return db
    .selectFrom('production_materials')
    .selectAll()
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids))
    .execute();
}

export async function insertMaterial(db: Db, merchantId: number, f: Fields, at: number): Promise<number> {
  const row = await db
    .insertInto('production_materials')
    .values({ ...f, merchant_id: merchantId, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMaterial(db: Db, scope: Scope, id: number, f: Updateable<ProductionMaterialsTable>) {
  await db
    .updateTable('production_materials')
    .set(f)
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}

/** Farm work records that name each material (a material in use is kept for traceability). */
export async function workUses(db: Db, scope: Scope, ids: number[]) {
  return db
    .selectFrom('production_farm_work_materials')
    .select(['material_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('material_id', 'in', inList(ids))
    .groupBy('material_id')
    .execute();
}

export async function deleteMaterials(db: Db, scope: Scope, ids: number[]) {
  await db
    .deleteFrom('production_materials')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids))
    .execute();
}

export function movesOf(
  db: Db,
  scope: Scope,
  q: { materialId: number; kind?: string; pageNum: number; pageSize: number },
) {
  let base = db
    .selectFrom('production_stock_moves as m')
    .leftJoin('production_suppliers as s', (j) =>
      j.onRef('s.id', '=', 'm.supplier_id').on('s.merchant_id', '=', scope.merchantId),
    )
    .where('m.merchant_id', '=', scope.merchantId)
    .where('m.group_id', 'in', inList(scope.groupIds))
    .where('m.material_id', '=', q.materialId);
  if (q.kind) base = base.where('m.kind', '=', q.kind);
  return pageOf(
    base.selectAll('m').select('s.name as supplier_name').orderBy('m.id', 'desc'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}
