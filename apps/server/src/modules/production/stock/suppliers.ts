import type { AddSupplierBody, AlterSupplierBody, NamedOption, Paged, Supplier } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { ProductionSuppliersTable } from '../../../db/productionStockSchema';
import { deleteByIds, rowById, rowsByIds } from '../../../db/rows';
import { isUniqueViolation } from '../../../db/scope';
import { notFound } from '../../../http/apiError';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { idsInPark } from './choicesRepo';
import { duplicateName, stillUsed } from './refusals';
import * as repo from './suppliersRepo';

/** Suppliers of a park (/productionManagement/supplier); one with deliveries on record is kept. */
type Row = Selectable<ProductionSuppliersTable>;

async function withMaterials(db: Db, auth: AuthContext, rows: Row[]): Promise<Supplier[]> {
  const mats = await repo.materialsOf(
    db,
    scopeOf(auth),
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    name: r.name,
    contact: r.contact,
    phone: r.phone,
    address: r.address,
    licence: r.licence,
    remark: r.remark,
    materialIds: mats(r.id).map((m) => m.id),
    materialNames: mats(r.id).map((m) => m.name),
  }));
}

export async function listSuppliers(
  db: Db,
  auth: AuthContext,
  q: { groupId: number; keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<Supplier>> {
  requirePark(auth, q.groupId);
  const { rows, total } = await repo.listSuppliers(db, scopeOf(auth), q);
  return { list: await withMaterials(db, auth, rows), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function supplierExportRows(db: Db, auth: AuthContext, q: { groupId: number; keyword?: string }) {
  requirePark(auth, q.groupId);
  return withMaterials(db, auth, await repo.allSuppliers(db, scopeOf(auth), q));
}

export async function supplierOptions(db: Db, auth: AuthContext, groupId: number): Promise<NamedOption[]> {
  requirePark(auth, groupId);
  const rows = await repo.allSuppliers(db, scopeOf(auth), { groupId });
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

async function save(db: Db, auth: AuthContext, id: number | null, b: AddSupplierBody) {
  requirePark(auth, b.groupId);
  const materialIds = [...new Set(b.materialIds)];
  const known = await idsInPark(db, scopeOf(auth), b.groupId, 'production_materials', materialIds);
  const unknown = materialIds.find((m) => !known.includes(m));
  if (unknown !== undefined) throw notFound(`materialIds ${unknown}: material`);
  const f = {
    group_id: b.groupId,
    name: b.name,
    contact: b.contact,
    phone: b.phone,
    address: b.address,
    licence: b.licence,
    remark: b.remark,
  };
  try {
    return await db
      .transaction()
      .execute((trx) => repo.saveSupplier(trx, scopeOf(auth), id, f, materialIds, Date.now()));
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(b.name);
    throw err;
  }
}

export async function addSupplier(db: Db, auth: AuthContext, body: AddSupplierBody) {
  return { id: await save(db, auth, null, body) };
}

export async function alterSupplier(db: Db, auth: AuthContext, body: AlterSupplierBody) {
  const row = await rowById(db, scopeOf(auth), 'production_suppliers', body.id);
  if (!row) throw notFound(`id ${body.id}: supplier`);
  if (row.group_id !== body.groupId) throw notFound(`groupId ${body.groupId}: park`);
  return { id: await save(db, auth, body.id, body) };
}

export async function removeSuppliers(db: Db, auth: AuthContext, ids: number[]) {
  const rows = await rowsByIds(db, scopeOf(auth), 'production_suppliers', ids);
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(`id ${missing}: supplier`);
  const used = (await repo.deliveries(db, scopeOf(auth), ids)).find((u) => Number(u.n) > 0);
  if (used) {
    const name = rows.find((r) => r.id === used.id)?.name ?? '';
    throw stillUsed('id', name, Number(used.n), { zh: '入库记录', en: 'stock deliveries' });
  }
  await deleteByIds(db, scopeOf(auth), 'production_suppliers', ids);
  return null;
}
