import type { Db } from '../../../db/connect';

/**
 * Kysely for consumers' scans of product codes. A scan has no caller: it holds only the code it was given,
 * then the ids of that code's row.
 */

/** What a scan answers with after it is recorded. */
const STATE = ['scan_count', 'first_scan_at', 'voided_at', 'suspected_at'] as const;

export function findCode(db: Db, code: string) {
  return db
    .selectFrom('trace_codes')
    .select(['id', 'batch_id', 'merchant_id', 'group_id'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** The code's state as a scan answers it. */
export function codeState(db: Db, codeId: number) {
  return db.selectFrom('trace_codes').select(STATE).where('id', '=', codeId).executeTakeFirstOrThrow();
}

/** Records a visit's scan of a code; false when that visit had scanned it already. */
export async function insertScan(
  db: Db,
  s: { code_id: number; batch_id: number; visit: string; scanned_at: number; place: string },
): Promise<boolean> {
  const res = await db
    .insertInto('trace_code_scans')
    .values(s)
    .onConflict((oc) => oc.columns(['code_id', 'visit']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Counts a new scan on the code (the first scan's time and place kept); answers the state after it. */
export function countScan(db: Db, codeId: number, at: number, place: string) {
  return db
    .updateTable('trace_codes')
    .set((eb) => ({
      scan_count: eb('scan_count', '+', 1),
      first_scan_at: eb.fn.coalesce('first_scan_at', eb.val(at)),
      first_scan_place: eb.fn.coalesce('first_scan_place', eb.val(place)),
      last_scan_at: at,
      last_scan_place: place,
    }))
    .where('id', '=', codeId)
    .returning(STATE)
    .executeTakeFirstOrThrow();
}

export async function markSuspected(db: Db, codeId: number, at: number, reason: string) {
  await db
    .updateTable('trace_codes')
    .set({ suspected_at: at, suspect_reason: reason })
    .where('id', '=', codeId)
    .execute();
}

/** The code, when it is one of the batch with this GTIN and lot (a GS1 Digital Link's three parts agree). */
export function codeOfProduct(db: Db, code: string, gtin: string, lot: string) {
  return db
    .selectFrom('trace_codes as c')
    .innerJoin('trace_batches as b', 'b.id', 'c.batch_id')
    .select('c.id')
    .where((eb) => eb.and({ 'c.code': code, 'b.gtin': gtin, 'b.lot': lot }))
    .executeTakeFirst();
}

/** Other named places the code was scanned at from `from` to `to` (at most 50: enough to judge distance). */
export async function placesOf(db: Db, codeId: number, from: number, to: number, except: string) {
  const rows = await db
    .selectFrom('trace_code_scans')
    .select('place')
    .distinct()
    .where('code_id', '=', codeId)
    .where((eb) => eb.between('scanned_at', from, to))
    .where('place', 'not in', ['', except])
    .limit(50)
    .execute();
  return rows.map((r) => r.place);
}
