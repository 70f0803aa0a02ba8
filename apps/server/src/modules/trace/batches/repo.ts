import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import { inList, type Scope } from '../../../db/scope';
import type { TraceBatchesTable } from '../../../db/traceSchema';

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

const scoped = (db: Db, scope: Scope) =>
  db
    .selectFrom('trace_batches as b')
    .where('b.merchant_id', '=', scope.merchantId)
    .where('b.group_id', 'in', inList(scope.groupIds));

export function listBatches(
  db: Db,
  scope: Scope,
  f: { groupId: number; keyword?: string; pageNum: number; pageSize: number },
) {
  let q = scoped(db, scope).where('b.group_id', '=', f.groupId);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    q = q.where((eb) => eb.or([eb('b.product_name', 'like', k), eb('b.lot', 'like', k), eb('b.gtin', 'like', k)]));
  }
  return pageOf(
    q.selectAll('b').orderBy('b.id', 'desc'),
    q.select((eb) => eb.fn.countAll<number>().as('n')),
    f,
  );
}

export const findBatch = (db: Db, scope: Scope, id: number) =>
  scoped(db, scope).selectAll('b').where('b.id', '=', id).executeTakeFirst();

/** The linked ids of each batch (one query per link table for a page of batches). */
export async function linksOfMany(
  db: Db,
  merchantId: number,
  batchIds: readonly number[],
): Promise<Map<number, BatchLinks>> {
  const out = new Map<number, BatchLinks>(
    batchIds.map((id) => [id, { plantingIds: [], harvestIds: [], reportIds: [], videoIds: [] }]),
  );
  for (const [table, column, key] of LINKS) {
    const rows = await db
      .selectFrom(table)
      .select(['batch_id', `${column} as target`])
      .where('merchant_id', '=', merchantId)
      .where('batch_id', 'in', inList(batchIds))
      .orderBy(column)
      .execute();
    for (const r of rows as { batch_id: number; target: number }[]) out.get(r.batch_id)?.[key].push(Number(r.target));
  }
  return out;
}

export async function linksOf(db: Db, merchantId: number, batchId: number): Promise<BatchLinks> {
  return (await linksOfMany(db, merchantId, [batchId])).get(batchId) as BatchLinks;
}

async function writeLinks(db: Db, merchantId: number, batchId: number, links: BatchLinks) {
  for (const [table, column, key] of LINKS) {
    await db.deleteFrom(table).where('batch_id', '=', batchId).execute();
    const ids = [...new Set(links[key])];
    if (ids.length > 0)
      await db
        .insertInto(table)
        .values(ids.map((id) => ({ batch_id: batchId, merchant_id: merchantId, [column]: id }) as never))
        .execute();
  }
}

export function insertBatch(db: Db, merchantId: number, row: BatchRow, links: BatchLinks): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const r = await trx
      .insertInto('trace_batches')
      .values({ ...row, merchant_id: merchantId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, merchantId, r.id, links);
    return r.id;
  });
}

export function updateBatch(db: Db, merchantId: number, id: number, row: BatchRow, links: BatchLinks) {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('trace_batches')
      .set({ ...row, updated_at: Date.now() })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, merchantId, id, links);
  });
}

export async function deleteBatches(db: Db, scope: Scope, ids: readonly number[]) {
  await db
    .deleteFrom('trace_batches')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids))
    .execute();
}

/** The latest snapshot of each batch (one query for a page of batches). */
export async function latestSnapshots(db: Db, merchantId: number, batchIds: readonly number[]) {
  const rows = await db
    .selectFrom('trace_snapshots')
    .select(['id', 'batch_id', 'version', 'sections', 'published_at', 'withdrawn_at'])
    .where('merchant_id', '=', merchantId)
    .where('batch_id', 'in', inList(batchIds))
    .orderBy('version', 'desc')
    .execute();
  const latest = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.batch_id)) latest.set(r.batch_id, r);
  return latest;
}

/** Harvest totals per batch and unit, for the list. */
export function harvestTotals(db: Db, merchantId: number, batchIds: readonly number[]) {
  return db
    .selectFrom('trace_batch_harvests as l')
    .innerJoin('production_harvests as h', (j) =>
      j.onRef('h.id', '=', 'l.harvest_id').on('h.merchant_id', '=', merchantId),
    )
    .select((eb) => ['l.batch_id', 'h.unit', eb.fn.sum<number>('h.quantity').as('quantity')])
    .where('l.merchant_id', '=', merchantId)
    .where('l.batch_id', 'in', inList(batchIds))
    .groupBy(['l.batch_id', 'h.unit'])
    .execute();
}
