import { Code, type CodeJob } from '@farmpark/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Insertable, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/connect';
import type { Database } from '../../../db/schema';
import type { TraceCodesTable } from '../../../db/traceCodesSchema';
import { ApiError } from '../../../http/apiError';
import { newTraceCodes } from './generator';
import type { BatchRef } from './repo';

/**
 * Code generation as a background job: the request answers at once with a job id, the console polls the
 * job's progress. Codes go in in chunks of CHUNK rows, one transaction each (the job's `done` moves with
 * it), several multi-row INSERTs a transaction, the event loop free between chunks. A code that collides
 * with any existing one (unique index, all merchants) is skipped by the insert and drawn again.
 */
const CHUNK = 10_000;
/** Rows per INSERT: 7 values a row stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2_000;
/** A running job writes `updated_at` after every chunk; one silent this long died with its process. */
export const JOB_STALE_MS = 60_000;

interface JobRow {
  id: number;
  batch_id: number;
  requested: number;
  done: number;
  status: string;
  error: string;
  created_at: number;
  updated_at: number;
}

export function jobView(j: JobRow, now = Date.now()): CodeJob {
  const stale = j.status === 'running' && now - j.updated_at > JOB_STALE_MS;
  return {
    id: j.id,
    batchId: j.batch_id,
    requested: j.requested,
    done: j.done,
    status: stale ? 'failed' : (j.status as CodeJob['status']),
    error: stale ? 'interrupted' : j.error,
    createdAt: j.created_at,
    updatedAt: j.updated_at,
  };
}

const JOB_COLUMNS = ['id', 'batch_id', 'requested', 'done', 'status', 'error', 'created_at', 'updated_at'] as const;

export function findJob(db: Db, merchantId: number, groupIds: readonly number[], jobId: number) {
  return db
    .selectFrom('trace_code_jobs')
    .select(JOB_COLUMNS)
    .where('id', '=', jobId)
    .where('merchant_id', '=', merchantId)
    .where('group_id', 'in', groupIds.length ? [...groupIds] : [-1])
    .executeTakeFirst();
}

export function recentJobs(db: Db, batch: BatchRef, limit = 5) {
  return db
    .selectFrom('trace_code_jobs')
    .select(JOB_COLUMNS)
    .where('batch_id', '=', batch.id)
    .where('merchant_id', '=', batch.merchant_id)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

type CodeInsert = Insertable<TraceCodesTable>;

/**
 * Inserts rows, skipping any whose code exists already; returns how many went in. PostgreSQL takes the
 * chunk as seven arrays through unnest (seven parameters, one plan) rather than 70,000 parameters;
 * SQLite takes multi-row VALUES (its statements are cheap to prepare, its parameter limit is 32,766).
 */
async function insertRows(trx: Transaction<Database>, rows: CodeInsert[]): Promise<number> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const col = <K extends keyof CodeInsert>(k: K) => rows.map((r) => r[k]);
    const res = await sql`insert into trace_codes (code, merchant_id, group_id, batch_id, seq, job_id, created_at)
      select * from unnest(${col('code')}::varchar[], ${col('merchant_id')}::int[], ${col('group_id')}::int[],
        ${col('batch_id')}::int[], ${col('seq')}::int[], ${col('job_id')}::int[], ${col('created_at')}::bigint[])
      on conflict (code) do nothing`.execute(trx);
    return Number(res.numAffectedRows ?? 0);
  }
  let inserted = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const res = await trx
      .insertInto('trace_codes')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    inserted += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

async function insertChunk(db: Db, batch: BatchRef, jobId: number, firstSeq: number, count: number, now: number) {
  let seqs = Array.from({ length: count }, (_, i) => firstSeq + i);
  // Almost always one pass; a collision (odds about n^2 / 2^66) leaves its seq missing and it is drawn again.
  for (let attempt = 0; seqs.length > 0; attempt++) {
    if (attempt > 5) throw new Error('could not draw unique codes');
    const codes = newTraceCodes(seqs.length);
    const rows = seqs.map((seq, i) => ({
      code: codes[i],
      merchant_id: batch.merchant_id,
      group_id: batch.group_id,
      batch_id: batch.id,
      seq,
      job_id: jobId,
      created_at: now,
    }));
    let inserted = 0;
    await db.transaction().execute(async (trx) => {
      inserted = await insertRows(trx, rows);
      if (inserted === rows.length)
        await trx
          .updateTable('trace_code_jobs')
          .set((eb) => ({ done: eb('done', '+', rows.length), updated_at: Date.now() }))
          .where('id', '=', jobId)
          .execute();
    });
    if (inserted === rows.length) return;
    // Rare path: find which seqs made it, count them, and draw the rest again.
    const have = await db
      .selectFrom('trace_codes')
      .select('seq')
      .where('batch_id', '=', batch.id)
      .where('seq', 'in', seqs)
      .execute();
    const got = new Set(have.map((h) => h.seq));
    await db
      .updateTable('trace_code_jobs')
      .set((eb) => ({ done: eb('done', '+', got.size), updated_at: Date.now() }))
      .where('id', '=', jobId)
      .execute();
    seqs = seqs.filter((s) => !got.has(s));
  }
}

/** Makes `count` codes for a batch at once, recorded as a finished job (the demo seed; no server running). */
export async function generateNow(db: Db, batch: BatchRef, userId: number, count: number, now = Date.now()) {
  const job = await db
    .insertInto('trace_code_jobs')
    .values({
      merchant_id: batch.merchant_id,
      group_id: batch.group_id,
      batch_id: batch.id,
      requested: count,
      status: 'running',
      user_id: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertChunk(db, batch, job.id, 1, count, now);
  await db.updateTable('trace_code_jobs').set({ status: 'done', updated_at: now }).where('id', '=', job.id).execute();
  return job.id;
}

/** Batches being generated in this process: a second job on the same batch would fight over its seqs. */
const busy = new Set<number>();

export interface CodeJobRunner {
  start(batch: BatchRef, userId: number, count: number): Promise<{ jobId: number }>;
  /** Resolves when the job this process runs has ended (tests, the benchmark, the demo). */
  settled(jobId: number): Promise<void>;
}

export function createCodeJobRunner(db: Db, log: FastifyBaseLogger): CodeJobRunner {
  const running = new Map<number, Promise<void>>();

  async function run(batch: BatchRef, jobId: number, count: number): Promise<void> {
    try {
      const last = await db
        .selectFrom('trace_codes')
        .select((eb) => eb.fn.max('seq').as('m'))
        .where('batch_id', '=', batch.id)
        .executeTakeFirst();
      let next = Number(last?.m ?? 0) + 1;
      const now = Date.now();
      for (let left = count; left > 0; ) {
        const n = Math.min(CHUNK, left);
        await insertChunk(db, batch, jobId, next, n, now);
        next += n;
        left -= n;
        await new Promise((r) => setImmediate(r));
      }
      await db
        .updateTable('trace_code_jobs')
        .set({ status: 'done', updated_at: Date.now() })
        .where('id', '=', jobId)
        .execute();
    } catch (err) {
      log.error({ err, jobId }, 'trace code job failed');
      await db
        .updateTable('trace_code_jobs')
        .set({ status: 'failed', error: String((err as Error).message).slice(0, 200), updated_at: Date.now() })
        .where('id', '=', jobId)
        .execute()
        .catch(() => {});
    } finally {
      busy.delete(batch.id);
      running.delete(jobId);
    }
  }

  return {
    async start(batch, userId, count) {
      const now = Date.now();
      const other = await db
        .selectFrom('trace_code_jobs')
        .select('id')
        .where('batch_id', '=', batch.id)
        .where('status', '=', 'running')
        .where('updated_at', '>', now - JOB_STALE_MS)
        .executeTakeFirst();
      if (other || busy.has(batch.id))
        throw new ApiError(
          Code.CONFLICT,
          {
            zh: 'batchId: 该批次正在生成码，请等它完成',
            en: 'batchId: codes are being generated for this batch; wait for that job',
          },
          { field: 'batchId', rule: 'invalid' },
        );
      busy.add(batch.id);
      try {
        const job = await db
          .insertInto('trace_code_jobs')
          .values({
            merchant_id: batch.merchant_id,
            group_id: batch.group_id,
            batch_id: batch.id,
            requested: count,
            status: 'running',
            user_id: userId,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        running.set(job.id, run(batch, job.id, count));
        return { jobId: job.id };
      } catch (err) {
        busy.delete(batch.id);
        throw err;
      }
    },
    settled: (jobId) => running.get(jobId) ?? Promise.resolve(),
  };
}
