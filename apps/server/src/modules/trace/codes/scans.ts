import { type CodeSettings, normalizeTraceCode, type PublicCodeAnswer, type SuspectReason } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { getPublishedTrace } from '../batches/published';
import { isTraceCodeShape } from './generator';
import { distanceKm, type PlaceBook } from './places';
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

export function createScanner(db: Db, places: PlaceBook) {
  const settingsOf = settingsCache(db);

  /** Why this code looks copied, judged on its scans after the one just recorded; null when it does not. */
  async function suspicion(
    codeId: number,
    count: number,
    merchantId: number,
    now: number,
  ): Promise<SuspectReason | null> {
    const rule = await settingsOf(merchantId, now);
    if (count > rule.maxScans) return 'tooMany';
    const recent = await db
      .selectFrom('trace_code_scans')
      .select('place')
      .distinct()
      .where('code_id', '=', codeId)
      .where('scanned_at', '>=', now - rule.windowHours * 3_600_000)
      .where('place', '!=', '')
      .limit(50)
      .execute();
    const at = recent.map((r) => places.positionOf(r.place)).filter((p) => p !== null);
    for (let i = 0; i < at.length; i++)
      for (let j = i + 1; j < at.length; j++) if (distanceKm(at[i], at[j]) > rule.farKm) return 'farApart';
    return null;
  }

  async function record(codeId: number, batchId: number, merchantId: number, scan: Scan, now: number) {
    const place = places.placeOf(scan.ip)?.name ?? '';
    const res = await db
      .insertInto('trace_code_scans')
      .values({ code_id: codeId, batch_id: batchId, visit: scan.visit, scanned_at: now, place })
      .onConflict((oc) => oc.columns(['code_id', 'visit']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return;
    const c = await db
      .updateTable('trace_codes')
      .set((eb) => ({
        scan_count: eb('scan_count', '+', 1),
        first_scan_at: eb.fn.coalesce('first_scan_at', eb.val(now)),
        first_scan_place: eb.fn.coalesce('first_scan_place', eb.val(place)),
        last_scan_at: now,
        last_scan_place: place,
      }))
      .where('id', '=', codeId)
      .returning(['scan_count', 'suspected_at'])
      .executeTakeFirstOrThrow();
    if (c.suspected_at !== null) return;
    const why = await suspicion(codeId, c.scan_count, merchantId, now);
    if (why)
      await db
        .updateTable('trace_codes')
        .set({ suspected_at: now, suspect_reason: why })
        .where('id', '=', codeId)
        .where('suspected_at', 'is', null)
        .execute();
  }

  return async function scanCode(scan: Scan): Promise<PublicCodeAnswer> {
    const code = normalizeTraceCode(scan.code);
    if (!isTraceCodeShape(code)) return UNKNOWN;
    const found = await db
      .selectFrom('trace_codes')
      .select(['id', 'batch_id', 'merchant_id'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!found) return UNKNOWN;
    const now = scan.now ?? Date.now();
    await record(found.id, found.batch_id, found.merchant_id, scan, now);
    const [c, published] = await Promise.all([
      db
        .selectFrom('trace_codes')
        .select(['scan_count', 'first_scan_at', 'voided_at', 'suspected_at'])
        .where('id', '=', found.id)
        .executeTakeFirstOrThrow(),
      getPublishedTrace(db, found.batch_id),
    ]);
    const counts = { scanCount: c.scan_count, firstScanAt: c.first_scan_at };
    // A voided code shows nothing of the product: whoever holds it should not trust what it is stuck on.
    if (c.voided_at !== null) return { status: 'void', ...counts, trace: null };
    if (published?.status !== 'published') return { status: 'withdrawn', ...counts, trace: null };
    return { status: c.suspected_at !== null ? 'suspected' : 'ok', ...counts, trace: published.trace };
  };
}
export type ScanCode = ReturnType<typeof createScanner>;
