import type { AddShipmentBody, AlterShipmentBody, Paged, ShipmentRegion, TraceShipment } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { notFound } from '../../../http/apiError';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { batchScope } from './repo';
import { batchOf } from './service';
import * as repo from './shipmentsRepo';

/** Shipments of a batch: recorded by whoever may edit the batch, in the batch's park. */

export function toShipment(r: repo.ShipmentRow): TraceShipment {
  return {
    id: r.id,
    batchId: r.batch_id,
    buyer: r.buyer,
    contact: r.contact,
    quantity: Number(r.quantity),
    unit: r.unit,
    shippedOn: r.shipped_on,
    region: r.region as ShipmentRegion,
    place: r.place,
    notes: r.notes,
    createdAt: Number(r.created_at),
  };
}

const fieldsOf = (b: AddShipmentBody, groupId: number): repo.ShipmentFields => ({
  group_id: groupId,
  batch_id: b.batchId,
  buyer: b.buyer,
  contact: b.contact,
  quantity: b.quantity,
  unit: b.unit,
  shipped_on: b.shippedOn,
  region: b.region,
  place: b.place,
  notes: b.notes,
});

/** The batch (one the caller may see) and its park's scope. */
async function batchAndScope(db: Db, auth: AuthContext, batchId: number) {
  const batch = await batchOf(db, auth, batchId);
  return { batch, scope: batchScope(batch) };
}

export async function listShipments(
  db: Db,
  auth: AuthContext,
  q: { batchId: number; pageNum: number; pageSize: number },
): Promise<Paged<TraceShipment>> {
  const { batch, scope } = await batchAndScope(db, auth, q.batchId);
  const { rows, total } = await repo.listShipments(db, scope, batch.id, q);
  return { list: rows.map(toShipment), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function addShipment(db: Db, auth: AuthContext, b: AddShipmentBody) {
  const { batch, scope } = await batchAndScope(db, auth, b.batchId);
  return { id: await repo.insertShipment(db, scope, fieldsOf(b, batch.group_id), auth.userId, Date.now()) };
}

async function shipmentOf(db: Db, auth: AuthContext, id: number, batchId: number) {
  const row = await repo.findShipment(db, scopeOf(auth), id);
  if (!row || row.batch_id !== batchId) throw notFound(`id ${id}: shipment`);
  return row;
}

export async function alterShipment(db: Db, auth: AuthContext, b: AlterShipmentBody) {
  const { batch, scope } = await batchAndScope(db, auth, b.batchId);
  await shipmentOf(db, auth, b.id, batch.id);
  await repo.updateShipment(db, scope, b.id, fieldsOf(b, batch.group_id), Date.now());
  return { id: b.id };
}

export async function removeShipments(db: Db, auth: AuthContext, batchId: number, ids: number[]) {
  const { batch, scope } = await batchAndScope(db, auth, batchId);
  const own = await repo.shipmentIdsOf(db, scope, batch.id, ids);
  const missing = ids.find((id) => !own.includes(id));
  if (missing !== undefined) throw notFound(`id ${missing}: shipment`);
  await repo.deleteShipments(db, scope, ids);
  return null;
}

/** The recall list: every shipment of the batch, oldest first, with the buyer's contact. */
export async function recallRows(db: Db, auth: AuthContext, batchId: number) {
  const { batch, scope } = await batchAndScope(db, auth, batchId);
  return { batch, rows: (await repo.shipmentsOfBatch(db, scope, batch.id)).map(toShipment) };
}
