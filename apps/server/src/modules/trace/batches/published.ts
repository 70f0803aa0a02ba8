import { randomBytes } from 'node:crypto';
import { Code, type PublicTrace, publicTraceFileUrl, TRACE_SECTIONS, type TraceSection } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { ApiError } from '../../../http/apiError';
import { collectTrace, type TraceFile } from './collect';
import { findBatch, latestSnapshots, linksOf } from './repo';

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
  const s = await db
    .selectFrom('trace_snapshots')
    .select(['merchant_id', 'group_id', 'sections', 'trace', 'withdrawn_at'])
    .where('batch_id', '=', batchId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
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
export async function publishBatch(
  db: Db,
  scope: { merchantId: number; groupIds: readonly number[] },
  batchId: number,
  sections: TraceSection[],
) {
  const batch = await findBatch(db, scope, batchId);
  if (!batch) throw new ApiError(Code.NOT_FOUND, `id ${batchId}: batch not found`);
  const ticked = TRACE_SECTIONS.filter((s) => sections.includes(s));
  if (ticked.includes('certificate') && (!batch.producer || !batch.origin || !batch.issued_on || !batch.cert_quantity))
    throw refuse(
      '发布合格证前请填写生产者、产地、数量和开具日期',
      'fill in the producer, origin, quantity and issue date before publishing the certificate',
    );
  const links = await linksOf(db, batch.merchant_id, batch.id);
  const files: (TraceFile & { token: string })[] = [];
  const urlOf = (f: TraceFile) => {
    const token = randomBytes(16).toString('hex');
    files.push({ ...f, token });
    return publicTraceFileUrl(token);
  };
  const body = await collectTrace(db, batch, links, ticked, urlOf);
  if (body.reports?.some((r) => r.fileUrl === ''))
    throw refuse('有检测报告尚未上传文件', 'a linked report has no file yet; upload it or untick reports');
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('trace_snapshots')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('batch_id', '=', batch.id)
      .executeTakeFirst();
    const version = Number(last?.v ?? 0) + 1;
    const publishedAt = Date.now();
    const trace: PublicTrace = { publishedAt, version, ...body };
    const snap = await trx
      .insertInto('trace_snapshots')
      .values({
        merchant_id: batch.merchant_id,
        group_id: batch.group_id,
        batch_id: batch.id,
        version,
        sections: JSON.stringify(ticked),
        trace: JSON.stringify(trace),
        published_at: publishedAt,
        withdrawn_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (files.length > 0)
      await trx
        .insertInto('trace_snapshot_files')
        .values(
          files.map((f) => ({ token: f.token, snapshot_id: snap.id, kind: f.kind, sha256: f.sha256, mime: f.mime })),
        )
        .execute();
    return { version, publishedAt };
  });
}

/** Takes the page down: consumers see "withdrawn" until the next publish. */
export async function unpublishBatch(
  db: Db,
  scope: { merchantId: number; groupIds: readonly number[] },
  batchId: number,
) {
  const batch = await findBatch(db, scope, batchId);
  if (!batch) throw new ApiError(Code.NOT_FOUND, `id ${batchId}: batch not found`);
  const latest = (await latestSnapshots(db, batch.merchant_id, [batch.id])).get(batch.id);
  if (!latest || latest.withdrawn_at !== null) throw refuse('该批次未发布', 'the batch is not published', 'id');
  await db.updateTable('trace_snapshots').set({ withdrawn_at: Date.now() }).where('id', '=', latest.id).execute();
  return null;
}

/**
 * A file of a live snapshot by its token: only the latest version of a batch that is not withdrawn serves
 * its files; a token of an older version or of a withdrawn batch answers null (not found).
 */
export async function publishedFile(db: Db, token: string) {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const f = await db
    .selectFrom('trace_snapshot_files as f')
    .innerJoin('trace_snapshots as s', 's.id', 'f.snapshot_id')
    .select(['f.kind', 'f.sha256', 'f.mime', 's.batch_id', 's.version', 's.withdrawn_at'])
    .where('f.token', '=', token)
    .executeTakeFirst();
  if (!f || f.withdrawn_at !== null) return null;
  const newer = await db
    .selectFrom('trace_snapshots')
    .select('id')
    .where('batch_id', '=', f.batch_id)
    .where('version', '>', f.version)
    .executeTakeFirst();
  return newer ? null : { kind: f.kind as TraceFile['kind'], sha256: f.sha256, mime: f.mime };
}
