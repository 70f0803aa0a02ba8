import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Code, type LabelJob, type LabelSizeName } from '@farmpark/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/connect';
import { contentStore } from '../../../files/contentStore';
import { admitFile } from '../../../files/ledger';
import { ApiError } from '../../../http/apiError';
import { type BatchRef, LAST_SEQ } from '../codes/repo';
import { codeLabels, type LabelRange, labelCount } from './codeLabels';
import { insertLabelJob, type LabelJobRow, setLabelJob } from './labelJobsRepo';
import { type Label, writeLabelSheet } from './labelSheet';

/**
 * Label sheets as background jobs: the console starts one, polls its progress (labels drawn of the total),
 * then downloads the finished file, which the browser saves to disk as it comes. The sheet streams from the
 * codes to a file page by page, so 20,000 labels never sit in memory on either side. The finished file goes
 * into the one file store for the merchant (kind labels), counted against its quota; the file sweep removes
 * it a few hours after the job (files/namersRepo.ts, LABEL_KEEP_MS), since a download may be repeated.
 */
const PROGRESS_EVERY = 250;
/** A running job reports at least every few seconds; one silent this long died with its process. */
export const LABEL_JOB_STALE_MS = 60_000;
/** The job's error when the finished sheet did not fit the merchant's quota (the console says so). */
export const LABEL_QUOTA_ERROR = 'quota';

/** Where a finished job's sheet is: in the file store, by the content the job recorded. */
export const labelFile = (dataDir: string, sha256: string) => contentStore(dataDir, 'labels').pathOf(sha256, 'pdf');

export function labelJobView(j: LabelJobRow, now = Date.now()): LabelJob {
  const stale = j.status === 'running' && now - Number(j.updated_at) > LABEL_JOB_STALE_MS;
  return {
    id: j.id,
    batchId: j.batch_id,
    size: j.size as LabelSizeName,
    total: j.total,
    done: j.done,
    status: stale ? 'failed' : (j.status as LabelJob['status']),
    error: stale ? 'interrupted' : j.error,
    publicBase: j.public_base,
    createdAt: Number(j.created_at),
    updatedAt: Number(j.updated_at),
  };
}

async function* counted(labels: AsyncIterable<Label>, drawn: { n: number }, report: (n: number) => Promise<void>) {
  for await (const label of labels) {
    yield label;
    if (++drawn.n % PROGRESS_EVERY === 0) await report(drawn.n);
  }
}

export interface LabelJobRunner {
  start(
    batch: BatchRef,
    userId: number,
    sheet: LabelRange & { size: LabelSizeName },
    publicBase: string,
  ): Promise<{ jobId: number; total: number }>;
  /** Resolves when a job this process runs has ended (tests, the benchmark). */
  settled(jobId: number): Promise<void>;
}

export function createLabelJobRunner(
  db: Db,
  config: Pick<Config, 'dataDir' | 'cjkFont'>,
  log: FastifyBaseLogger,
): LabelJobRunner {
  const running = new Map<number, Promise<void>>();
  const store = contentStore(config.dataDir, 'labels');

  async function run(jobId: number, batch: BatchRef, sheet: LabelRange & { size: LabelSizeName }, base: string) {
    const part = join(store.root, `labels-${jobId}-${randomBytes(6).toString('hex')}.tmp`);
    try {
      const drawn = { n: 0 };
      const labels = counted(codeLabels(db, batch, base, sheet), drawn, (done) => setLabelJob(db, jobId, { done }));
      const spec = { size: sheet.size, labels, fontPath: config.cjkFont, title: batch.product_name };
      await mkdir(store.root, { recursive: true });
      await writeLabelSheet(createWriteStream(part), spec);
      const { sha256 } = await store.adopt(part, 'pdf', { db, merchantId: batch.merchant_id });
      await setLabelJob(db, jobId, { done: drawn.n, status: 'done', fileSha256: sha256 });
    } catch (err) {
      const quota = err instanceof ApiError && err.code === Code.STORAGE_QUOTA;
      if (!quota) log.error({ err, jobId }, 'label sheet job failed');
      await rm(part, { force: true });
      const error = quota ? LABEL_QUOTA_ERROR : String((err as Error).message);
      await setLabelJob(db, jobId, { status: 'failed', error }).catch(() => {});
    } finally {
      running.delete(jobId);
    }
  }

  return {
    async start(batch, userId, sheet, publicBase) {
      const now = Date.now();
      const total = await labelCount(db, batch, sheet);
      // the sheet's size is known only once drawn: a full quota refuses the job before it starts
      await admitFile({ db, merchantId: batch.merchant_id }, 'labels', null, 1);
      const range = { fromSeq: sheet.fromSeq ?? 1, toSeq: sheet.toSeq ?? LAST_SEQ };
      const jobId = await insertLabelJob(db, batch, { userId, size: sheet.size, ...range, publicBase, total }, now);
      running.set(jobId, run(jobId, batch, { ...sheet, ...range }, publicBase));
      return { jobId, total };
    },
    settled: (jobId) => running.get(jobId) ?? Promise.resolve(),
  };
}
