import type { MaterialListQuery } from '@farmpark/contracts';
import { type Insertable, PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../../db/connect';
import type { ProductionStockMovesTable } from '../../../db/productionStockSchema';
import { insertRow, pageOfQuery, updateById } from '../../../db/rows';
import { inList, type Scope, scoped } from '../../../db/scope';

/** Kysely for a park's materials, their suppliers and their stock ledger. */
type Filter = Omit<MaterialListQuery, 'pageNum' | 'pageSize'>;

function sorted(db: Db, scope: Scope, q: Filter) {
  let base = scoped(db, scope, q.groupId).selectFrom('production_materials');
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'like', like), eb('spec', 'like', like), eb('registration_no', 'like', like)]),
    );
  }
  if (q.low) base = base.where('low_stock', '>', 0).whereRef('stock', '<=', 'low_stock');
  return base.selectAll().orderBy('kind').orderBy('name').orderBy('id');
}

export const listMaterials = (db: Db, scope: Scope, q: MaterialListQuery) => pageOfQuery(sorted(db, scope, q), q);

export const allMaterials = (db: Db, scope: Scope, q: Filter) => sorted(db, scope, q).execute();

export async function suppliersOf(db: Db, scope: Scope, materialIds: number[]) {
  const rows = await scoped(db, scope)
    .selectFrom('production_supplier_materials')
    .select(['material_id', 'supplier_id'])
    .where('material_id', 'in', inList(materialIds))
    .execute();
  return (id: number) => rows.filter((r) => r.material_id === id).map((r) => r.supplier_id);
}

const USES = {
  material: ['production_farm_work_materials', 'material_id'],
  supplier: ['production_stock_moves', 'supplier_id'],
} as const;

/**
 * How many records name each material (farm work) or supplier (ledger deliveries): one in use is kept, for
 * traceability.
 */
export function usesOf(db: Db, scope: Scope, of: keyof typeof USES, ids: number[]) {
  const [table, column] = USES[of];
  return scoped(db, scope)
    .selectFrom(table)
    .select([`${column} as id`, (eb) => eb.fn.countAll<number>().as('n')])
    .where(column, 'in', inList(ids))
    .groupBy(column)
    .execute() as Promise<{ id: number; n: number | string }[]>;
}

export function movesOf(
  db: Db,
  scope: Scope,
  q: { materialId: number; kind?: string; pageNum: number; pageSize: number },
) {
  let base = scoped(db, scope)
    .selectFrom('production_stock_moves as m')
    .leftJoin('production_suppliers as s', 's.id', 'm.supplier_id')
    .where('m.material_id', '=', q.materialId);
  if (q.kind) base = base.where('m.kind', '=', q.kind);
  return pageOfQuery(base.selectAll('m').select('s.name as supplier_name').orderBy('m.id', 'desc'), q);
}

/**
 * The material a stock move reads, locked for the rest of the transaction on PostgreSQL (two works done
 * at once cannot both take the last litre); SQLite runs one write transaction at a time anyway.
 */
export function materialForMove(trx: Db, scope: Scope, id: number) {
  const q = scoped(trx, scope)
    .selectFrom('production_materials')
    .select(['id', 'name', 'unit', 'stock'])
    .where('id', '=', id);
  const pg = trx.getExecutor().adapter instanceof PostgresAdapter;
  return (pg ? q.modifyEnd(sql`for update`) : q).executeTakeFirst();
}

/** The material's new balance and the ledger row saying why, together. */
export async function writeMove(trx: Db, scope: Scope, move: Insertable<ProductionStockMovesTable>) {
  await updateById(trx, scope, 'production_materials', move.material_id, { stock: move.balance, updated_at: move.at });
  await insertRow(trx, scope, 'production_stock_moves', move);
}

/** Materials of a park by id, with what a spray plan needs of them. */
export function materialsIn(db: Db, scope: Scope, groupId: number, ids: number[]) {
  return scoped(db, scope, groupId)
    .selectFrom('production_materials')
    .select(['id', 'kind', 'name', 'unit', 'stock', 'safety_days'])
    .where('id', 'in', inList(ids))
    .execute();
}
