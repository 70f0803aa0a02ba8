import type { Db } from '../../../db/connect';
import { insertRow } from '../../../db/rows';
import { type Scope, scoped } from '../../../db/scope';
import { batchScope } from '../batches/repo';
import type { BatchRef } from '../codes/repo';

/**
 * Kysely for label sheets made in the background. Past its start a job holds only its own id, which is how
 * it reports its progress.
 */
const COLUMNS = [
  'id',
  'batch_id',
  'size',
  'total',
  'done',
  'status',
  'error',
  'public_base',
  'created_at',
  'updated_at',
  'file_sha256',
] as const;

export function findLabelJob(db: Db, scope: Scope, jobId: number) {
  return scoped(db, scope).selectFrom('trace_label_jobs').select(COLUMNS).where('id', '=', jobId).executeTakeFirst();
}
export type LabelJobRow = NonNullable<Awaited<ReturnType<typeof findLabelJob>>>;

export function insertLabelJob(
  db: Db,
  batch: BatchRef,
  job: { userId: number; size: string; fromSeq: number; toSeq: number; publicBase: string; total: number },
  now: number,
) {
  return insertRow(db, batchScope(batch), 'trace_label_jobs', {
    merchant_id: batch.merchant_id,
    group_id: batch.group_id,
    batch_id: batch.id,
    user_id: job.userId,
    size: job.size,
    from_seq: job.fromSeq,
    to_seq: job.toSeq,
    public_base: job.publicBase,
    total: job.total,
    status: 'running',
    created_at: now,
    updated_at: now,
  });
}

/** Moves a job's progress to `done` labels, or ends it; the time is its heartbeat. */
export async function setLabelJob(
  db: Db,
  jobId: number,
  { fileSha256, ...set }: { done?: number; status?: 'done' | 'failed'; error?: string; fileSha256?: string },
) {
  await db
    .updateTable('trace_label_jobs')
    .set({
      ...set,
      ...(set.error !== undefined ? { error: set.error.slice(0, 200) } : {}),
      ...(fileSha256 ? { file_sha256: fileSha256 } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', jobId)
    .execute();
}
