import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, rowById, updateById } from '../../../db/rows';
import { inList, type Scope, scoped } from '../../../db/scope';
import type { TraceShipmentsTable } from '../../../db/traceSchema';

/** Kysely for where batches went (shipments): the batch page's list, the recall list, the diverted-goods check. */

export type ShipmentRow = Selectable<TraceShipmentsTable>;
export type ShipmentFields = Omit<ShipmentRow, 'id' | 'merchant_id' | 'created_by' | 'created_at' | 'updated_at'>;

const ofBatch = (db: Db, scope: Scope, batchId: number) =>
  scoped(db, scope).selectFrom('trace_shipments').selectAll().where('batch_id', '=', batchId);

export const listShipments = (db: Db, scope: Scope, batchId: number, page: { pageNum: number; pageSize: number }) =>
  pageOfQuery(ofBatch(db, scope, batchId).orderBy('shipped_on', 'desc').orderBy('id', 'desc'), page);

/** Every shipment of a batch, oldest first (the recall list). */
export const shipmentsOfBatch = (db: Db, scope: Scope, batchId: number) =>
  ofBatch(db, scope, batchId).orderBy('shipped_on').orderBy('id').execute();

export const findShipment = (db: Db, scope: Scope, id: number) => rowById(db, scope, 'trace_shipments', id);

export function insertShipment(db: Db, scope: Scope, f: ShipmentFields, userId: number, now: number) {
  return insertRow(db, scope, 'trace_shipments', {
    ...f,
    merchant_id: scope.merchantId,
    created_by: userId,
    created_at: now,
    updated_at: now,
  });
}

export const updateShipment = (db: Db, scope: Scope, id: number, f: ShipmentFields, now: number) =>
  updateById(db, scope, 'trace_shipments', id, { ...f, updated_at: now });

export const deleteShipments = (db: Db, scope: Scope, ids: readonly number[]) =>
  deleteByIds(db, scope, 'trace_shipments', ids);

/** Where a batch went, for a consumer's scan (no caller: the batch id is what the scan holds). */
export function regionsOfBatch(db: Db, batchId: number) {
  return db
    .selectFrom('trace_shipments')
    .select(['id', 'buyer', 'region'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
}

/** The shipments' ids among `ids` that belong to the batch (a removal names only its own). */
export async function shipmentIdsOf(db: Db, scope: Scope, batchId: number, ids: readonly number[]) {
  const rows = await scoped(db, scope)
    .selectFrom('trace_shipments')
    .select('id')
    .where('batch_id', '=', batchId)
    .where('id', 'in', inList(ids))
    .execute();
  return rows.map((r) => r.id);
}
