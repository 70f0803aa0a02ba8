import type { CodeListQuery, TraceCodeState } from '@farmpark/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../../db/connect';
import { pageOfQuery } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import { merchantWide, type Scope, scoped } from '../../../db/scope';
import { batchScope } from '../batches/repo';

/** Kysely only: the codes of trace batches, their generation jobs and the merchant's counterfeit rule. */

export interface BatchRef {
  id: number;
  merchant_id: number;
  group_id: number;
  product_name: string;
  gtin: string | null;
  lot: string;
}

/** A batch the caller may see (its merchant, one of its parks), or undefined. */
export function findBatchRef(db: Db, scope: Scope, batchId: number): Promise<BatchRef | undefined> {
  return scoped(db, scope)
    .selectFrom('trace_batches')
    .select(['id', 'merchant_id', 'group_id', 'product_name', 'gtin', 'lot'])
    .where('id', '=', batchId)
    .executeTakeFirst();
}

/** The codes of a batch (read in scope), in the batch's own park. */
export const codesOf = (db: Db, batch: BatchRef) =>
  scoped(db, batchScope(batch)).selectFrom('trace_codes').where('batch_id', '=', batch.id);

type CodeEb = ExpressionBuilder<Database, 'trace_codes'>;

/** The state filter in SQL: void wins over suspected, as the row's state does. */
export function stateFilter(eb: CodeEb, state: TraceCodeState) {
  if (state === 'void') return eb('voided_at', 'is not', null);
  if (state === 'suspected') return eb.and([eb('voided_at', 'is', null), eb('suspected_at', 'is not', null)]);
  return eb.and([eb('voided_at', 'is', null), eb('suspected_at', 'is', null)]);
}

export const CODE_COLUMNS = [
  'id',
  'seq',
  'code',
  'batch_id',
  'scan_count',
  'first_scan_at',
  'first_scan_place',
  'last_scan_at',
  'last_scan_place',
  'voided_at',
  'void_reason',
  'suspected_at',
  'suspect_reason',
] as const;

export function listCodes(db: Db, batch: BatchRef, q: CodeListQuery, codePrefix: string | undefined) {
  const query = codesOf(db, batch)
    .$if(q.state !== undefined, (qb) => qb.where((eb) => stateFilter(eb, q.state as TraceCodeState)))
    .$if(codePrefix !== undefined, (qb) => qb.where('code', 'like', `${codePrefix}%`));
  return pageOfQuery(query.select(CODE_COLUMNS).orderBy('seq'), q);
}

/** The largest seq (a PostgreSQL integer): "to the end" of a batch. */
export const LAST_SEQ = 2_147_483_647;

/** Codes of a batch in seq order, a page at a time (labels and exports stream them). */
export async function* codesInOrder(db: Db, batch: BatchRef, from = 1, to = LAST_SEQ, liveOnly = false) {
  let after = from - 1;
  for (;;) {
    const page = await codesOf(db, batch)
      .select(CODE_COLUMNS)
      .where('seq', '>', after)
      .where('seq', '<=', to)
      .$if(liveOnly, (qb) => qb.where('voided_at', 'is', null))
      .orderBy('seq')
      .limit(2000)
      .execute();
    yield* page;
    if (page.length < 2000) return;
    after = page[page.length - 1].seq;
  }
}

/** Every code of a batch in seq order (the demo's scans, tests). */
export async function codesOfBatch(db: Db, batch: BatchRef) {
  const codes = [];
  for await (const c of codesInOrder(db, batch)) codes.push(c);
  return codes;
}

/** How many live (not voided) codes of a batch lie in from..to: a label sheet's size before it is drawn. */
export async function countLive(db: Db, batch: BatchRef, from: number, to: number): Promise<number> {
  const row = await codesOf(db, batch)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seq', '>=', from)
    .where('seq', '<=', to)
    .where('voided_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function voidCodes(
  db: Db,
  batch: BatchRef,
  target: { ids?: number[]; fromSeq?: number; toSeq?: number },
  reason: string,
  now: number,
): Promise<number> {
  const res = await scoped(db, batchScope(batch))
    .updateTable('trace_codes')
    .set({ voided_at: now, void_reason: reason })
    .where('batch_id', '=', batch.id)
    .where('voided_at', 'is', null)
    .where((eb) => {
      const parts = [];
      if (target.ids?.length) parts.push(eb('id', 'in', target.ids));
      if (target.fromSeq !== undefined && target.toSeq !== undefined)
        parts.push(eb.and([eb('seq', '>=', target.fromSeq), eb('seq', '<=', target.toSeq)]));
      return eb.or(parts);
    })
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function codeCounts(db: Db, batch: BatchRef) {
  const row = await codesOf(db, batch)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('voided_at', 'is not', null).then(1).else(0).end()).as('void'),
      eb.fn.sum<number>(eb.case().when('scan_count', '>', 0).then(1).else(0).end()).as('scanned'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('suspected_at', 'is not', null), eb('voided_at', 'is', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('suspected'),
      eb.fn.sum<number>('scan_count').as('scans'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    void: Number(row.void ?? 0),
    scanned: Number(row.scanned ?? 0),
    suspected: Number(row.suspected ?? 0),
    scans: Number(row.scans ?? 0),
  };
}

/** Scans of a batch since `from`, counted per UTC hour (whole-hour zones then bucket exactly into days). */
export async function scansPerHour(db: Db, batchId: number, from: number) {
  const hour = sql<number>`scanned_at / 3600000`;
  const rows = await db
    .selectFrom('trace_code_scans')
    .select([hour.as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('batch_id', '=', batchId)
    .where('scanned_at', '>=', from)
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: Number(r.hour), n: Number(r.n) }));
}

export function listSuspected(
  db: Db,
  scope: Scope,
  batchId: number | undefined,
  page: { pageNum: number; pageSize: number },
) {
  const query = scoped(db, scope)
    .selectFrom('trace_codes as c')
    .innerJoin('trace_batches as b', 'b.id', 'c.batch_id')
    .where('c.suspected_at', 'is not', null)
    .where('c.voided_at', 'is', null)
    .$if(batchId !== undefined, (qb) => qb.where('c.batch_id', '=', batchId as number))
    .select(CODE_COLUMNS.map((c) => `c.${c}` as const))
    .select(['b.product_name', 'b.lot', 'b.gtin'])
    .orderBy('c.suspected_at', 'desc')
    .orderBy('c.id', 'desc');
  return pageOfQuery(query, page);
}

/** The merchant's counterfeit rule (one for all its parks), or undefined while it keeps the defaults. */
export function findSettings(db: Db, merchantId: number) {
  return merchantWide(db, merchantId).selectFrom('trace_code_settings').selectAll().executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  merchantId: number,
  s: { maxScans: number; farKm: number; windowHours: number },
  now: number,
) {
  const values = { max_scans: s.maxScans, far_km: s.farKm, window_hours: s.windowHours, updated_at: now };
  await merchantWide(db, merchantId)
    .insertInto('trace_code_settings')
    .values({ merchant_id: merchantId, ...values })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet(values))
    .execute();
}
