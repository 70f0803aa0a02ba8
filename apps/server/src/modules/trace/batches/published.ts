import { randomBytes } from 'node:crypto';
import { Code, type PublicTrace, publicTraceFileUrl, TRACE_SECTIONS, type TraceSection } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import type { Scope } from '../../../db/scope';
import { ApiError } from '../../../http/apiError';
import { collectTrace, type TraceFile } from './collect';
import { batchScope, findBatch, linksOf } from './repo';
import * as snapshots from './snapshotRepo';

export type PublishedTrace =
  | { status: 'published'; trace: PublicTrace; merchantId: number; parkId: number }
  | { status: 'withdrawn' };

/** Keeps only the ticked sections of a stored snapshot: a second guard behind collectTrace. */
function onlyTicked(trace: PublicTrace, sections: readonly TraceSection[]): PublicTrace {
  const out: PublicTrace = { publishedAt: trace.publishedAt, version: trace.version };
  for (const s of TRACE_SECTIONS)
    if (sections.includes(s) && trace[s] !== undefined) Object.assign(out, { [s]: trace[s] });
  return out;
}

/**
 * The consumer's view of a batch: its latest published snapshot, 'withdrawn' once unpublished, null when the
 * batch does not exist or was never published. Reads only the stored snapshot, never the live records.
 */
export async function getPublishedTrace(db: Db, batchId: number): Promise<PublishedTrace | null> {
  const s = await snapshots.latestSnapshot(db, batchId);
  if (!s) return null;
  if (s.withdrawn_at !== null) return { status: 'withdrawn' };
  return {
    status: 'published',
    trace: onlyTicked(JSON.parse(s.trace) as PublicTrace, JSON.parse(s.sections) as TraceSection[]),
    merchantId: s.merchant_id,
    parkId: s.group_id,
  };
}

const refuse = (zh: string, en: string, field = 'sections') =>
  new ApiError(Code.CONFLICT, { zh: `${field}: ${zh}`, en: `${field}: ${en}` }, { field, rule: 'invalid' });

/**
 * Freezes a new version of exactly the ticked sections; each file it shows gets its own random token, so
 * the public file route serves what this snapshot published and nothing else.
 */
export async function publishBatch(db: Db, scope: Scope, batchId: number, sections: TraceSection[]) {
  const batch = await findBatch(db, scope, batchId);
  if (!batch) throw new ApiError(Code.NOT_FOUND, `id ${batchId}: batch not found`);
  const ticked = TRACE_SECTIONS.filter((s) => sections.includes(s));
  if (ticked.includes('certificate') && (!batch.producer || !batch.origin || !batch.issued_on || !batch.cert_quantity))
    throw refuse(
      '发布合格证前请填写生产者、产地、数量和开具日期',
      'fill in the producer, origin, quantity and issue date before publishing the certificate',
    );
  const links = await linksOf(db, batchScope(batch), batch.id);
  const files: snapshots.SnapshotFile[] = [];
  const urlOf = (f: TraceFile) => {
    const token = randomBytes(16).toString('hex');
    files.push({ token, kind: f.kind, sha256: f.sha256, mime: f.mime });
    return publicTraceFileUrl(token);
  };
  const body = await collectTrace(db, batch, links, ticked, urlOf);
  if (body.reports?.some((r) => r.fileUrl === ''))
    throw refuse('有检测报告尚未上传文件', 'a linked report has no file yet; upload it or untick reports');
  const publishedAt = Date.now();
  const version = await snapshots.insertSnapshot(
    db,
    batchScope(batch),
    batch,
    (v) => ({
      sections: JSON.stringify(ticked),
      trace: JSON.stringify({ publishedAt, version: v, ...body } satisfies PublicTrace),
      published_at: publishedAt,
    }),
    files,
  );
  return { version, publishedAt };
}

/** Takes the page down: consumers see "withdrawn" until the next publish. */
export async function unpublishBatch(db: Db, scope: Scope, batchId: number) {
  const batch = await findBatch(db, scope, batchId);
  if (!batch) throw new ApiError(Code.NOT_FOUND, `id ${batchId}: batch not found`);
  const latest = (await snapshots.latestSnapshots(db, batchScope(batch), [batch.id])).get(batch.id);
  if (!latest || latest.withdrawn_at !== null) throw refuse('该批次未发布', 'the batch is not published', 'id');
  await snapshots.withdrawSnapshot(db, batchScope(batch), latest.id, Date.now());
  return null;
}

/**
 * A file of a live snapshot by its token: only the latest version of a batch that is not withdrawn serves
 * its files; a token of an older version or of a withdrawn batch answers null (not found).
 */
export async function publishedFile(db: Db, token: string) {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const f = await snapshots.liveFile(db, token);
  return f ? { kind: f.kind as TraceFile['kind'], sha256: f.sha256, mime: f.mime } : null;
}
