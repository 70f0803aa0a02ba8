import type { AddSupplierBody, AlterSupplierBody, NamedOption, Supplier } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { ProductionSuppliersTable } from '../../../db/productionStockSchema';
import { deleteByIds } from '../../../db/rows';
import { isUniqueViolation } from '../../../db/scope';
import { parkListOf } from '../../../http/lists';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { duplicateName, refuseUsed, requireInPark, rowsToRemove, rowToAlter } from './answers';
import { usesOf } from './materialsRepo';
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

export const listSuppliers = parkListOf(repo.listSuppliers, (rows, db, auth) => withMaterials(db, auth, rows));

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
  await requireInPark(db, auth, b.groupId, 'production_materials', materialIds, (m) => `materialIds ${m}: material`);
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
  await rowToAlter(db, auth, 'production_suppliers', body, 'supplier');
  return { id: await save(db, auth, body.id, body) };
}

export async function removeSuppliers(db: Db, auth: AuthContext, ids: number[]) {
  const rows = await rowsToRemove(db, auth, 'production_suppliers', ids, 'supplier');
  const uses = await usesOf(db, scopeOf(auth), 'supplier', ids);
  refuseUsed(rows, uses, { zh: '入库记录', en: 'stock deliveries' });
  await deleteByIds(db, scopeOf(auth), 'production_suppliers', ids);
  return null;
}
