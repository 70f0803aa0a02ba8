import type { PublicTrace, ReportItem, TraceSection } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { Scope } from '../../../db/scope';
import type { TraceBatchesTable } from '../../../db/traceSchema';
import * as records from './recordsRepo';
import { type BatchLinks, batchScope } from './repo';

type Batch = Selectable<TraceBatchesTable>;
/** A file the trace shows: a report's (pdf or picture) or a clip; `urlOf` names where a reader gets it. */
export interface TraceFile {
  kind: 'report' | 'video';
  /** The report's or video's id. */
  id: number;
  sha256: string;
  mime: string;
}
type UrlOf = (f: TraceFile) => string;

/**
 * Builds the consumer's view of a batch from the live records, with ONLY the given sections: each section
 * is read only when asked for, and its fields are listed here one by one (never a row spread), so no column
 * that names a person (phone, ID number, workers) or a note can slip in.
 */
export async function collectTrace(
  db: Db,
  batch: Batch,
  links: BatchLinks,
  sections: readonly TraceSection[],
  urlOf: UrlOf,
): Promise<Omit<PublicTrace, 'publishedAt' | 'version'>> {
  const scope = batchScope(batch);
  const want = new Set(sections);
  const out: Omit<PublicTrace, 'publishedAt' | 'version'> = {};
  const plantings = await records.plantingsOf(db, scope, { ids: links.plantingIds });
  const harvests = await records.harvestsOf(db, scope, { ids: links.harvestIds });

  if (want.has('product')) out.product = { name: batch.product_name, gtin: batch.gtin, lot: batch.lot };
  if (want.has('certificate'))
    out.certificate = {
      product: batch.product_name,
      quantity: Number(batch.cert_quantity ?? 0),
      unit: batch.cert_unit,
      producer: batch.producer,
      origin: batch.origin,
      contact: batch.contact,
      issuedOn: batch.issued_on ?? '',
      pledge: batch.pledge,
      basis: JSON.parse(batch.basis),
    };
  if (want.has('farm')) {
    const park = await records.parkOf(db, scope, batch.group_id);
    out.farm = { name: park.name, region: park.address };
  }
  if (want.has('plots')) {
    const byPlot = new Map<number, { name: string; areaMu: number | null }>();
    for (const p of plantings) {
      const plot = byPlot.get(p.area_point_id) ?? { name: p.plot ?? '', areaMu: 0 };
      plot.areaMu = (plot.areaMu ?? 0) + Number(p.area_mu);
      byPlot.set(p.area_point_id, plot);
    }
    out.plots = [...byPlot.values()];
  }
  if (want.has('plantings'))
    out.plantings = plantings.map((p) => ({
      crop: p.crop,
      variety: p.variety || p.crop_variety,
      plot: p.plot ?? '',
      sownOn: p.sown_on,
      transplantedOn: p.transplanted_on,
    }));
  if (want.has('timeline')) out.timeline = await timelineOf(db, scope, plantings, harvests);
  if (want.has('harvests'))
    out.harvests = harvests.map((h) => ({
      date: h.harvested_on,
      quantity: Number(h.quantity),
      unit: h.unit,
      grade: h.grade,
      overrideReason: h.override_reason,
    }));
  if (want.has('reports')) {
    const reports = await records.reportsOf(db, scope, { ids: links.reportIds });
    out.reports = reports.map((r) => ({
      agency: r.agency,
      number: r.report_no,
      sampledOn: r.sampled_on,
      reportedOn: r.reported_on,
      validUntil: r.valid_until,
      items: (JSON.parse(r.items) as ReportItem[]).map((i) => ({
        name: i.name,
        result: i.result,
        standard: i.standard,
        pass: i.pass,
      })),
      passed: Number(r.passed) === 1,
      fileUrl:
        r.file_sha256 && r.file_mime
          ? urlOf({ kind: 'report', id: r.id, sha256: r.file_sha256, mime: r.file_mime })
          : '',
      fileType: r.file_type === 'pdf' ? 'pdf' : 'image',
    }));
  }
  if (want.has('videos')) {
    const videos = await records.videosOf(db, scope, { ids: links.videoIds });
    out.videos = videos.map((v) => ({
      title: v.title,
      shotOn: v.shot_on,
      url: urlOf({ kind: 'video', id: v.id, sha256: v.sha256, mime: 'video/mp4' }),
    }));
  }
  return out;
}

type Planting = { id: number; sown_on: string };
/**
 * Done farm work of the plantings from the first sowing to the last harvest (to today while none), with the
 * materials each used and what a machine measured (water, fertiliser by tank). Who did it is not read.
 */
async function timelineOf(
  db: Db,
  scope: Scope,
  plantings: Planting[],
  harvests: { harvested_on: string }[],
): Promise<NonNullable<PublicTrace['timeline']>> {
  if (plantings.length === 0) return [];
  const from = plantings.map((p) => p.sown_on).sort()[0];
  const to = harvests
    .map((h) => h.harvested_on)
    .sort()
    .at(-1);
  const plantingIds = plantings.map((p) => p.id);
  const works = await records.doneWorkOf(db, scope, plantingIds, from, to);
  const workIds = works.map((w) => w.id);
  const materials = await records.materialsOfWork(db, scope, workIds);
  return works.map((w) => {
    const measured = (JSON.parse(w.fertiliser || '[]') as { name?: string; litres?: number }[]).map((f) => ({
      name: String(f.name ?? ''),
      quantity: Number(f.litres ?? 0),
      unit: 'L',
    }));
    return {
      date: w.done_on ?? '',
      type: w.type,
      plot: w.plot ?? '',
      materials: [
        ...materials
          .filter((x) => x.farm_work_id === w.id)
          .map((x) => ({ name: x.name, quantity: Number(x.quantity), unit: x.unit })),
        ...measured,
      ],
      machine: w.source === 'machine',
      waterM3: w.water_m3 === null ? null : Number(w.water_m3),
    };
  });
}
