import { Code, type CodeJob } from '@farmpark/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect';
import { ApiError } from '../../../http/apiError';
import { newTraceCodes } from './generator';
import * as jobsRepo from './jobsRepo';
import type { BatchRef } from './repo';

/**
 * Code generation as a background job: the request answers at once with a job id, the console polls the
 * job's progress. Codes go in in chunks of CHUNK rows, one transaction each (the job's `done` moves with
 * it), several multi-row INSERTs a transaction, the event loop free between chunks. A code that collides
 * with any existing one (unique index, all merchants) is skipped by the insert and drawn again.
 */
const CHUNK = 10_000;
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
    if ((await jobsRepo.insertCodes(db, jobId, rows)) === rows.length) return;
    // Rare path: find which seqs made it, count them, and draw the rest again.
    const got = await jobsRepo.seqsPresent(db, jobId, batch, seqs);
    seqs = seqs.filter((s) => !got.has(s));
  }
}

/** Makes `count` codes for a batch at once, recorded as a finished job (the demo seed; no server running). */
export async function generateNow(db: Db, batch: BatchRef, userId: number, count: number, now = Date.now()) {
  const jobId = await jobsRepo.insertJob(db, batch, userId, count, now);
  await insertChunk(db, batch, jobId, 1, count, now);
  await jobsRepo.endJob(db, jobId, 'done', '', now);
  return jobId;
}

/**
 * Batches being generated in this process, per database: a second job on the same batch would fight over its
 * seqs. Keyed by the database because batch ids are only unique within one (tests run many apps in a process).
 */
const busyByDb = new WeakMap<Db, Set<number>>();

export interface CodeJobRunner {
  start(batch: BatchRef, userId: number, count: number): Promise<{ jobId: number }>;
  /** Resolves when the job this process runs has ended (tests, the benchmark, the demo). */
  settled(jobId: number): Promise<void>;
}

export function createCodeJobRunner(db: Db, log: FastifyBaseLogger): CodeJobRunner {
  const busy = busyByDb.get(db) ?? new Set<number>();
  busyByDb.set(db, busy);
  const running = new Map<number, Promise<void>>();

  async function run(batch: BatchRef, jobId: number, count: number): Promise<void> {
    try {
      let next = (await jobsRepo.lastSeq(db, batch)) + 1;
      const now = Date.now();
      for (let left = count; left > 0; ) {
        const n = Math.min(CHUNK, left);
        await insertChunk(db, batch, jobId, next, n, now);
        next += n;
        left -= n;
        await new Promise((r) => setImmediate(r));
      }
      await jobsRepo.endJob(db, jobId, 'done');
    } catch (err) {
      log.error({ err, jobId }, 'trace code job failed');
      await jobsRepo.endJob(db, jobId, 'failed', String((err as Error).message)).catch(() => {});
    } finally {
      busy.delete(batch.id);
      running.delete(jobId);
    }
  }

  return {
    async start(batch, userId, count) {
      const now = Date.now();
      const other = await jobsRepo.runningJobOf(db, batch, now - JOB_STALE_MS);
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
        const jobId = await jobsRepo.insertJob(db, batch, userId, count, now);
        running.set(jobId, run(batch, jobId, count));
        return { jobId };
      } catch (err) {
        busy.delete(batch.id);
        throw err;
      }
    },
    settled: (jobId) => running.get(jobId) ?? Promise.resolve(),
  };
}
