import type {
  AddMaterialBody,
  AddStockMoveBody,
  AlterMaterialBody,
  Material,
  MaterialKind,
  MaterialListQuery,
  MaterialOption,
  Paged,
  StockMove,
  StockMoveKind,
} from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import { lockParkRecords } from '../../../db/parkLock';
import type { ProductionMaterialsTable } from '../../../db/productionStockSchema';
import { deleteByIds, insertRow, updateById } from '../../../db/rows';
import { isUniqueViolation } from '../../../db/scope';
import { paged } from '../../../http/lists';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { duplicateName, refuseUsed, requireInPark, rowsToRemove, rowToAlter, visibleRow } from './answers';
import { actorOf, moveStock } from './ledger';
import * as repo from './materialsRepo';

/** Materials of a park and their stock ledger (/productionManagement/materiel). */
type Row = Selectable<ProductionMaterialsTable>;

export const toMaterial = (r: Row, supplierIds: number[] = []): Material => ({
  id: r.id,
  groupId: r.group_id,
  kind: r.kind as MaterialKind,
  name: r.name,
  unit: r.unit,
  spec: r.spec,
  registrationNo: r.registration_no,
  safetyDays: r.safety_days,
  lowStock: Number(r.low_stock),
  stock: Number(r.stock),
  low: Number(r.low_stock) > 0 && Number(r.stock) <= Number(r.low_stock),
  remark: r.remark,
  supplierIds,
});

export async function listMaterials(db: Db, auth: AuthContext, q: MaterialListQuery): Promise<Paged<Material>> {
  requirePark(auth, q.groupId);
  const page = await repo.listMaterials(db, scopeOf(auth), q);
  const suppliers = await repo.suppliersOf(
    db,
    scopeOf(auth),
    page.rows.map((r) => r.id),
  );
  return paged(q, page, (r) => toMaterial(r, suppliers(r.id)));
}

export async function materialExportRows(
  db: Db,
  auth: AuthContext,
  q: Omit<MaterialListQuery, 'pageNum' | 'pageSize'>,
) {
  requirePark(auth, q.groupId);
  return (await repo.allMaterials(db, scopeOf(auth), q)).map((r) => toMaterial(r));
}

export async function materialOptions(db: Db, auth: AuthContext, groupId: number): Promise<MaterialOption[]> {
  requirePark(auth, groupId);
  const rows = await repo.allMaterials(db, scopeOf(auth), { groupId, low: false });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as MaterialKind,
    name: r.name,
    spec: r.spec,
    unit: r.unit,
    stock: Number(r.stock),
    safetyDays: r.safety_days,
  }));
}

const fields = (b: AddMaterialBody) => ({
  group_id: b.groupId,
  kind: b.kind,
  name: b.name,
  unit: b.unit,
  spec: b.spec,
  // only pesticides carry a registration number and a safety interval
  registration_no: b.kind === 'pesticide' ? b.registrationNo : '',
  safety_days: b.kind === 'pesticide' ? b.safetyDays : 0,
  low_stock: b.lowStock,
  remark: b.remark,
});

async function unique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

export async function addMaterial(db: Db, auth: AuthContext, body: AddMaterialBody) {
  requirePark(auth, body.groupId);
  const at = Date.now();
  const row = { ...fields(body), merchant_id: auth.merchantId, created_at: at, updated_at: at };
  return { id: await unique(body.name, () => insertRow(db, scopeOf(auth), 'production_materials', row)) };
}

export const visibleMaterial = (db: Db, auth: AuthContext, id: number) =>
  visibleRow(db, auth, 'production_materials', id, `id ${id}: material`);

export async function alterMaterial(db: Db, auth: AuthContext, body: AlterMaterialBody) {
  await rowToAlter(db, auth, 'production_materials', body, 'material');
  const set = { ...fields(body), updated_at: Date.now() };
  await unique(body.name, () => updateById(db, scopeOf(auth), 'production_materials', body.id, set));
  return { id: body.id };
}

export async function removeMaterials(db: Db, auth: AuthContext, ids: number[]) {
  const rows = await rowsToRemove(db, auth, 'production_materials', ids, 'material');
  const uses = await repo.usesOf(db, scopeOf(auth), 'material', ids);
  refuseUsed(rows, uses, { zh: '农事记录', en: 'farm work records' });
  await deleteByIds(db, scopeOf(auth), 'production_materials', ids);
  return null;
}

export async function listMoves(
  db: Db,
  auth: AuthContext,
  q: { materialId: number; kind?: StockMoveKind; pageNum: number; pageSize: number },
): Promise<Paged<StockMove>> {
  await visibleMaterial(db, auth, q.materialId);
  return paged(q, await repo.movesOf(db, scopeOf(auth), q), (r) => ({
    id: r.id,
    materialId: r.material_id,
    kind: r.kind as StockMoveKind,
    quantity: Number(r.quantity),
    balance: Number(r.balance),
    supplierId: r.supplier_id,
    supplierName: r.supplier_name ?? null,
    batchNo: r.batch_no,
    expiresOn: r.expires_on,
    farmWorkId: r.farm_work_id,
    reason: r.reason,
    operator: r.operator,
    at: Number(r.at),
  }));
}

/** A delivery or a counted correction; a correction below zero is refused like any other move. */
export async function addStockMove(db: Db, auth: AuthContext, body: AddStockMoveBody) {
  const m = await visibleMaterial(db, auth, body.materialId);
  if (body.kind === 'in' && body.supplierId !== null)
    await requireInPark(
      db,
      auth,
      m.group_id,
      'production_suppliers',
      [body.supplierId],
      (id) => `supplierId ${id}: supplier`,
    );
  const balance = await db.transaction().execute(async (trx) => {
    await lockParkRecords(trx, m.group_id);
    return moveStock(trx, actorOf(auth, m.group_id), {
      materialId: m.id,
      kind: body.kind,
      quantity: body.quantity,
      ...(body.kind === 'in' && { supplierId: body.supplierId, batchNo: body.batchNo, expiresOn: body.expiresOn }),
      reason: body.reason,
    });
  });
  return { balance };
}
