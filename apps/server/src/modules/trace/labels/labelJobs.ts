import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LabelJob, LabelSizeName } from '@farmpark/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/connect';
import { type BatchRef, LAST_SEQ } from '../codes/repo';
import { codeLabels, type LabelRange, labelCount } from './codeLabels';
import { insertLabelJob, type LabelJobRow, setLabelJob } from './labelJobsRepo';
import { type Label, writeLabelSheet } from './labelSheet';

/**
 * Label sheets as background jobs: the console starts one, polls its progress (labels drawn of the total),
 * then downloads the finished file, which the browser saves to disk as it comes. The sheet streams from the
 * codes to a file under DATA_DIR/labels page by page, so 20,000 labels never sit in memory on either side.
 * Files are kept a few hours (a download may be repeated), then removed when the next job starts.
 */
const PROGRESS_EVERY = 250;
const KEEP_MS = 6 * 3_600_000;
/** A running job reports at least every few seconds; one silent this long died with its process. */
export const LABEL_JOB_STALE_MS = 60_000;

export const labelFile = (dataDir: string, jobId: number) => join(dataDir, 'labels', `labels-${jobId}.pdf`);

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

async function removeOld(dir: string, now: number) {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = join(dir, name);
    const s = await stat(file).catch(() => null);
    if (s && now - s.mtimeMs > KEEP_MS) await rm(file, { force: true });
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
  const dir = join(config.dataDir, 'labels');

  async function run(jobId: number, batch: BatchRef, sheet: LabelRange & { size: LabelSizeName }, base: string) {
    const file = labelFile(config.dataDir, jobId);
    const part = `${file}.part`;
    try {
      const drawn = { n: 0 };
      const labels = counted(codeLabels(db, batch, base, sheet), drawn, (done) => setLabelJob(db, jobId, { done }));
      const spec = { size: sheet.size, labels, fontPath: config.cjkFont, title: batch.product_name };
      await writeLabelSheet(createWriteStream(part), spec);
      await rename(part, file);
      await setLabelJob(db, jobId, { done: drawn.n, status: 'done' });
    } catch (err) {
      log.error({ err, jobId }, 'label sheet job failed');
      await rm(part, { force: true });
      await setLabelJob(db, jobId, { status: 'failed', error: String((err as Error).message) }).catch(() => {});
    } finally {
      running.delete(jobId);
    }
  }

  return {
    async start(batch, userId, sheet, publicBase) {
      const now = Date.now();
      const total = await labelCount(db, batch, sheet);
      await mkdir(dir, { recursive: true });
      await removeOld(dir, now);
      const range = { fromSeq: sheet.fromSeq ?? 1, toSeq: sheet.toSeq ?? LAST_SEQ };
      const jobId = await insertLabelJob(db, batch, { userId, size: sheet.size, ...range, publicBase, total }, now);
      running.set(jobId, run(jobId, batch, { ...sheet, ...range }, publicBase));
      return { jobId, total };
    },
    settled: (jobId) => running.get(jobId) ?? Promise.resolve(),
  };
}
