import { type Insertable, PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../../db/connect';
import { insertRow } from '../../../db/rows';
import { type Scope, scoped } from '../../../db/scope';
import type { TraceCodesTable } from '../../../db/traceCodesSchema';
import { batchScope } from '../batches/repo';
import { type BatchRef, codesOf } from './repo';

/**
 * Kysely for code generation jobs and the codes they insert. A job runs with no caller: past its start it
 * holds only ids (its own, its batch's), which is how it finds its rows.
 */

/** Rows per INSERT: 7 values a row stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2_000;

const JOB_COLUMNS = ['id', 'batch_id', 'requested', 'done', 'status', 'error', 'created_at', 'updated_at'] as const;

export function findJob(db: Db, scope: Scope, jobId: number) {
  return scoped(db, scope).selectFrom('trace_code_jobs').select(JOB_COLUMNS).where('id', '=', jobId).executeTakeFirst();
}

/** The jobs of a batch, in its park. */
const jobsOf = (db: Db, batch: BatchRef) =>
  scoped(db, batchScope(batch)).selectFrom('trace_code_jobs').where('batch_id', '=', batch.id);

export function recentJobs(db: Db, batch: BatchRef, limit = 5) {
  return jobsOf(db, batch).select(JOB_COLUMNS).orderBy('id', 'desc').limit(limit).execute();
}

/** A job of the batch still writing (its heartbeat newer than `since`), if any. */
export function runningJobOf(db: Db, batch: BatchRef, since: number) {
  return jobsOf(db, batch)
    .select('id')
    .where((eb) => eb.and([eb('status', '=', 'running'), eb('updated_at', '>', since)]))
    .executeTakeFirst();
}

export function insertJob(db: Db, batch: BatchRef, userId: number, requested: number, now: number) {
  return insertRow(db, batchScope(batch), 'trace_code_jobs', {
    merchant_id: batch.merchant_id,
    group_id: batch.group_id,
    batch_id: batch.id,
    requested,
    status: 'running',
    user_id: userId,
    created_at: now,
    updated_at: now,
  });
}

/** Ends a job: done, or failed with why (kept short for the console). */
export async function endJob(db: Db, jobId: number, status: 'done' | 'failed', error = '', at = Date.now()) {
  await db
    .updateTable('trace_code_jobs')
    .set({ status, ...(status === 'failed' ? { error: error.slice(0, 200) } : {}), updated_at: at })
    .where('id', '=', jobId)
    .execute();
}

/** Moves a job's progress on by `n` codes; the time is its heartbeat. */
async function addDone(db: Db, jobId: number, n: number) {
  await db
    .updateTable('trace_code_jobs')
    .set((eb) => ({ done: eb('done', '+', n), updated_at: Date.now() }))
    .where('id', '=', jobId)
    .execute();
}

/** The batch's largest seq so far (0 for none): a new job numbers on from it. */
export async function lastSeq(db: Db, batch: BatchRef): Promise<number> {
  const last = await codesOf(db, batch)
    .select((eb) => eb.fn.max('seq').as('m'))
    .executeTakeFirst();
  return Number(last?.m ?? 0);
}

type CodeInsert = Insertable<TraceCodesTable>;

/**
 * Inserts rows, skipping any whose code exists already; returns how many went in. PostgreSQL takes the
 * chunk as seven arrays through unnest (seven parameters, one plan) rather than 70,000 parameters;
 * SQLite takes multi-row VALUES (its statements are cheap to prepare, its parameter limit is 32,766).
 */
async function insertRows(trx: Db, rows: CodeInsert[]): Promise<number> {
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

/**
 * Inserts a chunk of a job's codes in one transaction, the job's progress with it when every row went in;
 * answers how many did (fewer when a code collided: the caller finds which with `seqsPresent`).
 */
export function insertCodes(db: Db, jobId: number, rows: CodeInsert[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const inserted = await insertRows(trx, rows);
    if (inserted === rows.length) await addDone(trx, jobId, rows.length);
    return inserted;
  });
}

/** Which of these seqs the batch has, counted into the job's progress (the rare path after a collision). */
export async function seqsPresent(db: Db, jobId: number, batch: BatchRef, seqs: number[]): Promise<Set<number>> {
  const have = await codesOf(db, batch).select('seq').where('seq', 'in', seqs).execute();
  const got = new Set(have.map((h) => h.seq));
  await addDone(db, jobId, got.size);
  return got;
}
