import {
  type CodeListQuery,
  type CodeSettings,
  type CodeStats,
  DEFAULT_CODE_SETTINGS,
  type DivertEvidence,
  dayIn,
  normalizeTraceCode,
  type Paged,
  type SuspectEvidence,
  type SuspectedCodeRow,
  type SuspectReason,
  type TraceCodeRow,
  type TraceCodeState,
  type VoidCodesBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import type { Scope } from '../../../db/scope';
import { notFound } from '../../../http/apiError';
import { zoneOfPark } from '../../parks/repo';
import type { BatchRef } from './repo';
import * as repo from './repo';

/** The merchant side of one item one code: the list, voiding, statistics and the counterfeit rule. */

export async function batchOrFail(db: Db, scope: Scope, batchId: number): Promise<BatchRef> {
  const batch = await repo.findBatchRef(db, scope, batchId);
  if (!batch) throw notFound(`batchId ${batchId}: batch`);
  return batch;
}

/**
 * What a label's QR code carries: a GS1 Digital Link when the batch has a GTIN (retail scanners read the
 * GTIN and lot from it; the server resolves it to the same page), else the /OC page with the code.
 */
export function codeUrl(base: string, batch: Pick<BatchRef, 'gtin' | 'lot'>, code: string): string {
  return batch.gtin
    ? `${base}/01/${batch.gtin}/10/${encodeURIComponent(batch.lot)}/21/${code}`
    : `${base}/OC?code=${code}`;
}

type CodeRecord = Awaited<ReturnType<typeof repo.listCodes>>['rows'][number];

const stateOf = (c: Pick<CodeRecord, 'voided_at' | 'suspected_at'>): TraceCodeState =>
  c.voided_at !== null ? 'void' : c.suspected_at !== null ? 'suspected' : 'active';

export function codeRow(c: CodeRecord, url: string): TraceCodeRow {
  return {
    id: c.id,
    seq: c.seq,
    code: c.code,
    url,
    state: stateOf(c),
    scanCount: c.scan_count,
    firstScanAt: c.first_scan_at,
    firstScanPlace: c.first_scan_place,
    lastScanAt: c.last_scan_at,
    lastScanPlace: c.last_scan_place,
    voidedAt: c.voided_at,
    voidReason: c.void_reason,
    suspectedAt: c.suspected_at,
    suspectReason: c.suspect_reason as SuspectReason | null,
    suspectEvidence: c.suspect_evidence ? (JSON.parse(c.suspect_evidence) as SuspectEvidence) : null,
    divertedAt: c.diverted_at,
    divertEvidence: c.divert_evidence ? (JSON.parse(c.divert_evidence) as DivertEvidence) : null,
  };
}

export async function listCodes(db: Db, scope: Scope, q: CodeListQuery, base: string): Promise<Paged<TraceCodeRow>> {
  const batch = await batchOrFail(db, scope, q.batchId);
  const prefix = q.code ? normalizeTraceCode(q.code) : undefined;
  const { rows, total } = await repo.listCodes(db, batch, q, prefix);
  return {
    list: rows.map((c) => codeRow(c, codeUrl(base, batch, c.code))),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function voidCodes(db: Db, scope: Scope, body: VoidCodesBody): Promise<{ voided: number }> {
  const batch = await batchOrFail(db, scope, body.batchId);
  return { voided: await repo.voidCodes(db, batch, body, body.reason, Date.now()) };
}

export async function codeStats(
  db: Db,
  scope: Scope,
  q: { batchId: number; days: number },
  defaultZone: string,
  now = Date.now(),
): Promise<CodeStats> {
  const batch = await batchOrFail(db, scope, q.batchId);
  const zone = await zoneOfPark(db, batch.group_id, defaultZone);
  const day = (ms: number) => dayIn(zone, ms);
  // Every day of the range, oldest first, so the chart has no gaps; a day or so of slack covers the zone.
  const days = new Map<string, number>();
  for (let i = q.days - 1; i >= 0; i--) days.set(day(now - i * 86_400_000), 0);
  const from = now - (q.days + 1) * 86_400_000;
  for (const { hour, n } of await repo.scansPerHour(db, batch.id, from)) {
    const d = day(hour * 3_600_000);
    if (days.has(d)) days.set(d, (days.get(d) ?? 0) + n);
  }
  return { ...(await repo.codeCounts(db, batch)), days: [...days].map(([d, scans]) => ({ day: d, scans })) };
}

export async function listSuspected(
  db: Db,
  scope: Scope,
  q: { batchId?: number; pageNum: number; pageSize: number },
  base: string,
): Promise<Paged<SuspectedCodeRow>> {
  const { rows, total } = await repo.listSuspected(db, scope, q.batchId, q);
  return {
    list: rows.map((r) => ({
      ...codeRow(r, codeUrl(base, r, r.code)),
      batchId: r.batch_id,
      productName: r.product_name,
      lot: r.lot,
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function codeSettings(db: Db, merchantId: number): Promise<CodeSettings> {
  const s = await repo.findSettings(db, merchantId);
  return s ? { farKm: s.far_km, windowHours: s.window_hours } : { ...DEFAULT_CODE_SETTINGS };
}

export async function saveCodeSettings(db: Db, merchantId: number, body: CodeSettings): Promise<CodeSettings> {
  await repo.saveSettings(db, merchantId, body, Date.now());
  return body;
}
