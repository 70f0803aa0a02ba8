import {
  type AddBatchBody,
  type BatchListQuery,
  type BatchOptions,
  type BatchStatus,
  type CertificateBasis,
  Code,
  type Paged,
  type PublicTrace,
  TRACE_SECTIONS,
  type TraceBatch,
  type TraceBatchDetail,
  type TraceSection,
  type UpdateBatchBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { rowsByIds } from '../../../db/rows';
import { isUniqueViolation, type Scope } from '../../../db/scope';
import { ApiError, notFound } from '../../../http/apiError';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { collectTrace } from './collect';
import * as records from './recordsRepo';
import * as repo from './repo';
import { latestSnapshots } from './snapshotRepo';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findBatch>>>;
type Snap = Awaited<ReturnType<typeof latestSnapshots>> extends Map<number, infer S> ? S : never;

function summaryOf(r: Row, snap: Snap | undefined, totals: { batch_id: number; unit: string; quantity: number }[]) {
  const status: BatchStatus = !snap ? 'draft' : snap.withdrawn_at !== null ? 'withdrawn' : 'published';
  const out: TraceBatch = {
    id: r.id,
    groupId: r.group_id,
    productName: r.product_name,
    gtin: r.gtin,
    lot: r.lot,
    status,
    published: snap
      ? {
          version: snap.version,
          publishedAt: Number(snap.published_at),
          sections: JSON.parse(snap.sections) as TraceSection[],
        }
      : null,
    changedSincePublish: !!snap && Number(r.updated_at) > Number(snap.published_at),
    harvestQuantity: totals
      .filter((t) => t.batch_id === r.id)
      .map((t) => ({ unit: t.unit, quantity: Number(t.quantity) })),
    updatedAt: Number(r.updated_at),
  };
  return out;
}

export async function listBatches(db: Db, auth: AuthContext, q: BatchListQuery): Promise<Paged<TraceBatchDetail>> {
  requirePark(auth, q.groupId);
  const { rows, total } = await repo.listBatches(db, scopeOf(auth), q);
  return { list: await detailsOf(db, scopeOf(auth), rows), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Rows with their publish state, totals and links: the list carries what the edit form needs. */
async function detailsOf(db: Db, scope: Scope, rows: Row[]): Promise<TraceBatchDetail[]> {
  const ids = rows.map((r) => r.id);
  const snaps = await latestSnapshots(db, scope, ids);
  const totals = await repo.harvestTotals(db, scope, ids);
  const links = await repo.linksOfMany(db, scope, ids);
  return rows.map((r) => ({
    ...summaryOf(r, snaps.get(r.id), totals),
    ...(links.get(r.id) as repo.BatchLinks),
    certQuantity: r.cert_quantity === null ? null : Number(r.cert_quantity),
    certUnit: r.cert_unit,
    producer: r.producer,
    origin: r.origin,
    contact: r.contact,
    issuedOn: r.issued_on,
    pledge: r.pledge,
    basis: JSON.parse(r.basis) as CertificateBasis[],
    notes: r.notes,
  }));
}

export async function batchOf(db: Db, auth: AuthContext, id: number): Promise<Row> {
  const row = await repo.findBatch(db, scopeOf(auth), id);
  if (!row) throw notFound(`id ${id}: batch`);
  return row;
}

export async function batchDetail(db: Db, auth: AuthContext, id: number): Promise<TraceBatchDetail> {
  const [detail] = await detailsOf(db, scopeOf(auth), [await batchOf(db, auth, id)]);
  return detail;
}

/**
 * Every linked id must be a record of the batch's park (the caller's park: checked before); a harvest's
 * planting must be among the plantings.
 */
async function checkedLinks(db: Db, auth: AuthContext, b: AddBatchBody): Promise<repo.BatchLinks> {
  const park = repo.parkScope(auth.merchantId, b.groupId);
  const inPark = async (table: 'production_plantings' | 'trace_reports' | 'production_videos', ids: number[]) => {
    const rows = await rowsByIds(db, park, table, ids);
    return ids.filter((id) => !rows.some((r) => r.id === id));
  };
  const missing = (field: string, ids: number[], what: string) => {
    if (ids.length > 0) throw notFound(`${field} ${ids.join(', ')}: ${what}`);
  };
  missing('plantingIds', await inPark('production_plantings', b.plantingIds), 'planting');
  missing('reportIds', await inPark('trace_reports', b.reportIds), 'report');
  missing('videoIds', await inPark('production_videos', b.videoIds), 'video');
  const harvests = await rowsByIds(db, park, 'production_harvests', b.harvestIds);
  missing(
    'harvestIds',
    b.harvestIds.filter((id) => !harvests.some((h) => h.id === id)),
    'harvest',
  );
  const outside = harvests.filter((h) => !b.plantingIds.includes(h.planting_id)).map((h) => h.id);
  if (outside.length > 0)
    throw new ApiError(
      Code.VALIDATION,
      {
        zh: `harvestIds: 采收记录 ${outside.join(', ')} 不属于所选种植`,
        en: `harvestIds: harvests ${outside.join(', ')} are not of the chosen plantings`,
      },
      { field: 'harvestIds', rule: 'invalid' },
    );
  return { plantingIds: b.plantingIds, harvestIds: b.harvestIds, reportIds: b.reportIds, videoIds: b.videoIds };
}

const rowOf = (b: AddBatchBody): repo.BatchRow => ({
  group_id: b.groupId,
  product_name: b.productName,
  gtin: b.gtin,
  lot: b.lot,
  cert_quantity: b.certQuantity,
  cert_unit: b.certUnit,
  producer: b.producer,
  origin: b.origin,
  contact: b.contact,
  issued_on: b.issuedOn,
  pledge: b.pledge,
  basis: JSON.stringify([...new Set(b.basis)]),
  notes: b.notes,
});
const lotTaken = (b: AddBatchBody) =>
  new ApiError(
    Code.CONFLICT,
    { zh: `lot: ${b.productName} 已有批号 ${b.lot}`, en: `lot: ${b.productName} already has a batch ${b.lot}` },
    { field: 'lot', rule: 'taken', params: { value: b.lot } },
  );

export async function addBatch(db: Db, auth: AuthContext, b: AddBatchBody) {
  requirePark(auth, b.groupId);
  const links = await checkedLinks(db, auth, b);
  try {
    return { id: await repo.saveBatch(db, scopeOf(auth), rowOf(b), links) };
  } catch (err) {
    if (isUniqueViolation(err)) throw lotTaken(b);
    throw err;
  }
}

export async function updateBatch(db: Db, auth: AuthContext, b: UpdateBatchBody) {
  requirePark(auth, b.groupId);
  const row = await batchOf(db, auth, b.id);
  if (row.group_id !== b.groupId) throw notFound(`id ${b.id}: batch`);
  const links = await checkedLinks(db, auth, b);
  try {
    await repo.saveBatch(db, scopeOf(auth), rowOf(b), links, b.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw lotTaken(b);
    throw err;
  }
  return null;
}

export async function removeBatches(db: Db, auth: AuthContext, ids: number[]) {
  for (const id of ids) await batchOf(db, auth, id);
  await repo.deleteBatches(db, scopeOf(auth), ids);
  return null;
}

/**
 * What consumers would see if every section were published now, from the live records; files point at the
 * console's own (signed-in) routes, never at public tokens.
 */
export async function previewBatch(db: Db, auth: AuthContext, id: number): Promise<PublicTrace> {
  const row = await batchOf(db, auth, id);
  const links = await repo.linksOf(db, scopeOf(auth), id);
  const body = await collectTrace(db, row, links, TRACE_SECTIONS, (f) =>
    f.kind === 'report'
      ? `/api/merchant/trace/report/getReportFile?id=${f.id}`
      : `/api/merchant/production/video/getVideoFile?id=${f.id}`,
  );
  return { publishedAt: Date.now(), version: 0, ...body };
}

/** The records the batch form picks from: the park's plantings, harvests, reports and clips. */
export async function batchOptions(db: Db, auth: AuthContext, groupId: number): Promise<BatchOptions> {
  requirePark(auth, groupId);
  const park = repo.parkScope(auth.merchantId, groupId);
  const newest = { newestFirst: true };
  const [plantings, harvests, reports, videos] = await Promise.all([
    records.plantingsOf(db, park, newest),
    records.harvestsOf(db, park, { ...newest, limit: 1000 }),
    records.reportsOf(db, park, newest),
    records.videosOf(db, park, newest),
  ]);
  const cropOf = new Map(plantings.map((p) => [p.id, p.crop]));
  return {
    plantings: plantings.map((p) => ({
      id: p.id,
      label: `${p.crop} · ${p.plot ?? '-'} · ${p.sown_on}`,
      cropName: p.crop,
      status: p.status,
    })),
    harvests: harvests.map((h) => ({
      id: h.id,
      plantingId: h.planting_id,
      label: `${h.harvested_on} · ${cropOf.get(h.planting_id) ?? ''} · ${Number(h.quantity)} ${h.unit}`,
      quantity: Number(h.quantity),
      unit: h.unit,
    })),
    reports: reports.map((r) => ({ id: r.id, label: `${r.agency} · ${r.report_no}` })),
    videos: videos.map((v) => ({ id: v.id, title: v.title, plantingId: v.planting_id })),
  };
}
