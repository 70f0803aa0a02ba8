import {
  type CodeSettings,
  type DivertEvidence,
  dayIn,
  normalizeTraceCode,
  type PublicCodeAnswer,
  SHIPMENT_REGIONS,
  type ShipmentRegion,
  type SuspectEvidence,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { zoneOfPark } from '../../parks/repo';
import { getPublishedTrace, type PublishedTrace } from '../batches/published';
import { regionsOfBatch } from '../batches/shipmentsRepo';
import { gtin14 } from '../gs1/digitalLink';
import { isTraceCodeShape } from './generator';
import { distanceKm, type PlaceBook } from './places';
import * as repo from './scanRepo';
import { codeSettings } from './service';

/**
 * A consumer's scan: recorded once per visit (the visit id a cookie keeps), counted on the code, judged by the
 * merchant's rule, and answered with the code's state and the batch's published snapshot, nothing else. A
 * read by the producer's own signed-in staff is answered but never recorded: "first scan" is a consumer's.
 */
export interface Scan {
  code: string;
  visit: string;
  ip: string;
  now?: number;
  /** The merchant of a signed-in staff member making this read, if any. */
  staffMerchantId?: number | null;
  /** The GTIN and lot a GS1 Digital Link carried with the code. */
  gtin?: string;
  lot?: string;
}

interface BatchView {
  trace: PublishedTrace | null;
  timeZone: string;
  shipments: { id: number; buyer: string; region: string }[];
}
type CodeState = Awaited<ReturnType<typeof repo.codeState>>;

const UNKNOWN: PublicCodeAnswer = { status: 'unknown', scanCount: 0, firstScanAt: null, trace: null };

/**
 * Remembers a value per key for `ms` of the clock (settings, a batch's snapshot): scans of a popular product
 * read it once. The clock, not a scan's own time: a scan dated otherwise (the demo, tests) must not keep a
 * stale value alive.
 */
function cached<K, V>(ms: number, load: (key: K) => Promise<V>) {
  const memo = new Map<K, { at: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const now = Date.now();
    const hit = memo.get(key);
    if (hit && now - hit.at < ms) return hit.value;
    if (memo.size > 1_000) memo.clear();
    const value = load(key);
    memo.set(key, { at: now, value });
    value.catch(() => memo.delete(key));
    return value;
  };
}

/** The answer a page shows for a batch's state (void and unknown are decided before). */
function batchAnswer(view: BatchView, counts: Omit<PublicCodeAnswer, 'status' | 'trace'>, suspected: boolean) {
  const t = view.trace;
  if (t === null) return { status: 'unpublished', ...counts, trace: null } satisfies PublicCodeAnswer;
  if (t.status === 'withdrawn')
    return {
      status: 'withdrawn',
      ...counts,
      withdrawnOn: t.withdrawnOn ?? dayIn(view.timeZone, t.withdrawnAt),
      trace: null,
    } satisfies PublicCodeAnswer;
  return { status: suspected ? 'suspected' : 'ok', ...counts, trace: t.trace } satisfies PublicCodeAnswer;
}

/** `defaultZone`: TZ_NAME, the zone of a park that has none of its own. */
export function createScanner(db: Db, places: PlaceBook, defaultZone = 'Asia/Shanghai') {
  const settingsOf = cached(5_000, (merchantId: number) => codeSettings(db, merchantId));
  // A publish, a withdrawal or a new shipment reaches consumers within two seconds.
  const batchOf = cached(2_000, async (key: string): Promise<BatchView> => {
    const [batchId, groupId] = key.split(':').map(Number);
    const [trace, timeZone, shipments] = await Promise.all([
      getPublishedTrace(db, batchId),
      zoneOfPark(db, groupId, defaultZone),
      regionsOfBatch(db, batchId),
    ]);
    return { trace, timeZone, shipments };
  });

  /**
   * Scans from two places farther apart than the rule within its window: this scan's place against the
   * window's others (earlier pairs were judged when their later scan came).
   */
  async function farApart(trx: Db, codeId: number, place: string, rule: CodeSettings, now: number) {
    const here = places.positionOf(place);
    if (!here) return null;
    const recent = await repo.placesOf(trx, codeId, now - rule.windowHours * 3_600_000, now, place);
    for (const other of recent) {
      const there = places.positionOf(other.place);
      const km = there ? distanceKm(here, there) : 0;
      if (km > rule.farKm) return { scans: [other, { place, at: now }], km: Math.round(km) } satisfies SuspectEvidence;
    }
    return null;
  }

  /** A scan farther than the rule from every region the batch was shipped to, and in none of them (窜货). */
  function diverted(view: BatchView, place: string, rule: CodeSettings, now: number) {
    const here = places.positionOf(place);
    if (!here || view.shipments.length === 0) return null;
    if (view.shipments.some((s) => s.region === places.regionOf(place))) return null;
    const nearest = view.shipments
      .map((s) => ({ s, km: distanceKm(here, SHIPMENT_REGIONS[s.region as ShipmentRegion] ?? here) }))
      .sort((a, b) => a.km - b.km)[0];
    if (nearest.km <= rule.farKm) return null;
    const { id, buyer, region } = nearest.s;
    return { place, at: now, km: Math.round(nearest.km), shipmentId: id, buyer, region } satisfies DivertEvidence;
  }

  /** Records the scan (once per visit) and judges it, in one transaction; answers the code's state after it. */
  async function record(
    code: NonNullable<Awaited<ReturnType<typeof repo.findCode>>>,
    view: BatchView,
    scan: Scan,
    now: number,
  ): Promise<CodeState> {
    const place = places.placeOf(scan.ip)?.name ?? '';
    // read before the transaction: SQLite has one connection, which the transaction holds
    const rule = await settingsOf(code.merchant_id);
    return db.transaction().execute(async (trx) => {
      const scanned = { code_id: code.id, batch_id: code.batch_id, visit: scan.visit, scanned_at: now, place };
      if (!(await repo.insertScan(trx, scanned))) return repo.codeState(trx, code.id);
      const c: CodeState = { ...(await repo.countScan(trx, code.id, now, place)) };
      const far = c.suspected_at === null ? await farApart(trx, code.id, place, rule, now) : null;
      if (far) {
        await repo.markSuspected(trx, code.id, now, 'farApart', JSON.stringify(far));
        c.suspected_at = now;
      }
      const away = c.diverted_at === null ? diverted(view, place, rule, now) : null;
      if (away) {
        await repo.markDiverted(trx, code.id, now, JSON.stringify(away));
        c.diverted_at = now;
      }
      return c;
    });
  }

  /** A GS1 Digital Link's GTIN and lot, when given, must be the code's batch's. */
  function otherProduct(found: { gtin: string | null; lot: string }, scan: Scan): boolean {
    if (scan.gtin !== undefined && (found.gtin === null || gtin14(scan.gtin) !== found.gtin)) return true;
    return scan.lot !== undefined && scan.lot !== found.lot;
  }

  async function scanCode(scan: Scan): Promise<PublicCodeAnswer> {
    const code = normalizeTraceCode(scan.code);
    if (!isTraceCodeShape(code)) return UNKNOWN;
    const found = await repo.findCode(db, code);
    if (!found) return UNKNOWN;
    // a genuine code under another product's GTIN or lot: said so, and not counted as that product's scan
    if (otherProduct(found, scan)) return { status: 'mismatch', scanCount: 0, firstScanAt: null, trace: null };
    const now = scan.now ?? Date.now();
    const view = await batchOf(`${found.batch_id}:${found.group_id}`);
    const staff = scan.staffMerchantId === found.merchant_id;
    const c = staff ? await repo.codeState(db, found.id) : await record(found, view, scan, now);
    const counts = {
      scanCount: c.scan_count,
      firstScanAt: c.first_scan_at === null ? null : Number(c.first_scan_at),
      timeZone: view.timeZone,
      ...(staff ? { staff: true } : {}),
    };
    // A voided code shows nothing of the product: whoever holds it should not trust what it is stuck on.
    if (c.voided_at !== null) return { status: 'void', ...counts, trace: null };
    return batchAnswer(view, counts, c.suspected_at !== null);
  }

  /**
   * The product page of a GS1 Digital Link without a serial: the newest published batch of the GTIN (of the
   * lot when given); withdrawn or unpublished when none is published; unknown when no batch has it. No scan.
   */
  async function readProduct(gtin: string, lot: string | undefined): Promise<PublicCodeAnswer> {
    const batches = await repo.batchesOfProduct(db, gtin14(gtin), lot);
    const views = await Promise.all(batches.map((b) => batchOf(`${b.id}:${b.group_id}`)));
    const view = views.find((v) => v.trace?.status === 'published') ?? views.find((v) => v.trace !== null) ?? views[0];
    if (!view) return UNKNOWN;
    return batchAnswer(view, { scanCount: 0, firstScanAt: null, timeZone: view.timeZone }, false);
  }

  return { scanCode, readProduct };
}
export type Scanner = ReturnType<typeof createScanner>;
