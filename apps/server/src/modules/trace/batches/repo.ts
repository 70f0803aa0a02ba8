import type { BatchListQuery } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, rowById, updateById } from '../../../db/rows';
import { inList, type Scope, scoped } from '../../../db/scope';
import type { TraceBatchesTable } from '../../../db/traceSchema';

/** Kysely for trace batches and their links to the park's records; snapshots are in snapshotRepo.ts. */

/** A batch's own fields as the service writes them. */
export type BatchRow = Omit<Selectable<TraceBatchesTable>, 'id' | 'merchant_id' | 'created_at' | 'updated_at'>;
export interface BatchLinks {
  plantingIds: number[];
  harvestIds: number[];
  reportIds: number[];
  videoIds: number[];
}
const LINKS = [
  ['trace_batch_plantings', 'planting_id', 'plantingIds'],
  ['trace_batch_harvests', 'harvest_id', 'harvestIds'],
  ['trace_batch_reports', 'report_id', 'reportIds'],
  ['trace_batch_videos', 'video_id', 'videoIds'],
] as const;

/**
 * One park of the merchant as a scope: for a park the caller was checked for (requirePark) or that a row read
 * in scope names. A batch and everything it draws on are of its park, whoever asks (a caller who may see it,
 * the demo seed's publish, a code job).
 */
export const parkScope = (merchantId: number, groupId: number): Scope => ({ merchantId, groupIds: [groupId] });
export const batchScope = (b: { merchant_id: number; group_id: number }) => parkScope(b.merchant_id, b.group_id);

export function listBatches(db: Db, scope: Scope, f: BatchListQuery) {
  const k = `%${f.keyword}%`;
  const q = scoped(db, scope, f.groupId)
    .selectFrom('trace_batches as b')
    .$if(!!f.keyword, (s) =>
      s.where((eb) => eb.or([eb('b.product_name', 'like', k), eb('b.lot', 'like', k), eb('b.gtin', 'like', k)])),
    );
  return pageOfQuery(q.selectAll('b').orderBy('b.id', 'desc'), f);
}

export const findBatch = (db: Db, scope: Scope, id: number) => rowById(db, scope, 'trace_batches', id);

/** The linked ids of each batch (one query per link table for a page of batches). */
export async function linksOfMany(db: Db, scope: Scope, batchIds: readonly number[]): Promise<Map<number, BatchLinks>> {
  const out = new Map<number, BatchLinks>(
    batchIds.map((id) => [id, { plantingIds: [], harvestIds: [], reportIds: [], videoIds: [] }]),
  );
  for (const [table, column, key] of LINKS) {
    const rows = await scoped(db, scope)
      .selectFrom(table)
      .select(['batch_id', `${column} as target`])
      .where('batch_id', 'in', inList(batchIds))
      .orderBy(column)
      .execute();
    for (const r of rows as { batch_id: number; target: number }[]) out.get(r.batch_id)?.[key].push(Number(r.target));
  }
  return out;
}

export async function linksOf(db: Db, scope: Scope, batchId: number): Promise<BatchLinks> {
  return (await linksOfMany(db, scope, [batchId])).get(batchId) as BatchLinks;
}

async function writeLinks(db: Db, scope: Scope, batchId: number, links: BatchLinks) {
  for (const [table, column, key] of LINKS) {
    await scoped(db, scope).deleteFrom(table).where('batch_id', '=', batchId).execute();
    const ids = [...new Set(links[key])];
    if (ids.length > 0)
      await scoped(db, scope)
        .insertInto(table)
        .values(ids.map((id) => ({ batch_id: batchId, merchant_id: scope.merchantId, [column]: id }) as never))
        .execute();
  }
}

/** Writes a batch (a new one without `id`) and replaces its links, in one transaction; answers its id. */
export function saveBatch(db: Db, scope: Scope, row: BatchRow, links: BatchLinks, id?: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    let batchId = id;
    if (batchId === undefined)
      batchId = await insertRow(trx, scope, 'trace_batches', {
        ...row,
        merchant_id: scope.merchantId,
        created_at: now,
        updated_at: now,
      });
    else await updateById(trx, scope, 'trace_batches', batchId, { ...row, updated_at: now });
    await writeLinks(trx, scope, batchId, links);
    return batchId;
  });
}

export const deleteBatches = (db: Db, scope: Scope, ids: readonly number[]) =>
  deleteByIds(db, scope, 'trace_batches', ids);

/** Harvest totals per batch and unit, for the list. */
export function harvestTotals(db: Db, scope: Scope, batchIds: readonly number[]) {
  return scoped(db, scope)
    .selectFrom('trace_batch_harvests as l')
    .innerJoin('production_harvests as h', 'h.id', 'l.harvest_id')
    .select((eb) => ['l.batch_id', 'h.unit', eb.fn.sum<number>('h.quantity').as('quantity')])
    .where('l.batch_id', 'in', inList(batchIds))
    .groupBy(['l.batch_id', 'h.unit'])
    .execute();
}
