import { type CodeSettings, normalizeTraceCode, type PublicCodeAnswer, type SuspectReason } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { zoneOfPark } from '../../parks/repo';
import { getPublishedTrace, type PublishedTrace } from '../batches/published';
import { isTraceCodeShape } from './generator';
import { distanceKm, type PlaceBook } from './places';
import * as repo from './scanRepo';
import { codeSettings } from './service';

/**
 * A consumer's scan: recorded once per visit (the visit id a cookie keeps), counted on the code, checked
 * against the merchant's counterfeit rule, and answered with the code's state and the batch's published
 * snapshot, nothing else.
 */
export interface Scan {
  code: string;
  visit: string;
  ip: string;
  now?: number;
}

type Published = { trace: PublishedTrace | null; timeZone: string };

const UNKNOWN: PublicCodeAnswer = { status: 'unknown', scanCount: 0, firstScanAt: null, trace: null };

/** Settings change rarely and every scan needs them: remembered a few seconds per merchant. */
function settingsCache(db: Db) {
  const cache = new Map<number, { at: number; s: CodeSettings }>();
  return async (merchantId: number, now: number) => {
    const hit = cache.get(merchantId);
    if (hit && now - hit.at < 5_000) return hit.s;
    const s = await codeSettings(db, merchantId);
    cache.set(merchantId, { at: now, s });
    return s;
  };
}

/** `defaultZone`: TZ_NAME, the zone of a park that has none of its own. */
export function createScanner(db: Db, places: PlaceBook, defaultZone = 'Asia/Shanghai') {
  const settingsOf = settingsCache(db);

  /**
   * Why this code looks copied after the scan just recorded at `place`, or null. Earlier pairs were judged
   * when their later scan came, so only this scan's place is compared with the window's other places.
   */
  async function suspicion(trx: Db, codeId: number, count: number, place: string, rule: CodeSettings, now: number) {
    if (count > rule.maxScans) return 'tooMany' as SuspectReason;
    const here = places.positionOf(place);
    if (!here) return null;
    const recent = await repo.placesOf(trx, codeId, now - rule.windowHours * 3_600_000, now, place);
    const far = recent.some((p) => {
      const there = places.positionOf(p);
      return there !== null && distanceKm(here, there) > rule.farKm;
    });
    return far ? ('farApart' as SuspectReason) : null;
  }

  /** Records the scan (once per visit) and judges it, in one transaction; answers the code's state after it. */
  async function record(codeId: number, batchId: number, merchantId: number, scan: Scan, now: number) {
    const place = places.placeOf(scan.ip)?.name ?? '';
    // read before the transaction: SQLite has one connection, which the transaction holds
    const rule = await settingsOf(merchantId, now);
    return db.transaction().execute(async (trx) => {
      const scanned = { code_id: codeId, batch_id: batchId, visit: scan.visit, scanned_at: now, place };
      if (!(await repo.insertScan(trx, scanned))) return repo.codeState(trx, codeId);
      const c = await repo.countScan(trx, codeId, now, place);
      if (c.suspected_at !== null) return c;
      const why = await suspicion(trx, codeId, c.scan_count, place, rule, now);
      if (!why) return c;
      await repo.markSuspected(trx, codeId, now, why);
      return { ...c, suspected_at: now };
    });
  }

  /**
   * The batch's published snapshot, remembered two seconds: a popular product's scans then read it once a
   * moment instead of every time. A publish or unpublish reaches consumers within that time.
   */
  const snapshots = new Map<number, { at: number; value: Promise<Published> }>();
  function publishedOf(batchId: number, groupId: number): Promise<Published> {
    const now = Date.now();
    const hit = snapshots.get(batchId);
    if (hit && now - hit.at < 2_000) return hit.value;
    if (snapshots.size > 1_000) snapshots.clear();
    const value = Promise.all([getPublishedTrace(db, batchId), zoneOfPark(db, groupId, defaultZone)]).then(
      ([trace, timeZone]) => ({ trace, timeZone }),
    );
    snapshots.set(batchId, { at: now, value });
    value.catch(() => snapshots.delete(batchId));
    return value;
  }

  return async function scanCode(scan: Scan): Promise<PublicCodeAnswer> {
    const code = normalizeTraceCode(scan.code);
    if (!isTraceCodeShape(code)) return UNKNOWN;
    const found = await repo.findCode(db, code);
    if (!found) return UNKNOWN;
    const now = scan.now ?? Date.now();
    const [c, { trace: published, timeZone }] = await Promise.all([
      record(found.id, found.batch_id, found.merchant_id, scan, now),
      publishedOf(found.batch_id, found.group_id),
    ]);
    const counts = { scanCount: c.scan_count, firstScanAt: c.first_scan_at, timeZone };
    // A voided code shows nothing of the product: whoever holds it should not trust what it is stuck on.
    if (c.voided_at !== null) return { status: 'void', ...counts, trace: null };
    if (published?.status !== 'published') return { status: 'withdrawn', ...counts, trace: null };
    return { status: c.suspected_at !== null ? 'suspected' : 'ok', ...counts, trace: published.trace };
  };
}
export type ScanCode = ReturnType<typeof createScanner>;
