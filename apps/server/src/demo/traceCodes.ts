import type { Db } from '../db/connect';
import { generateNow } from '../modules/trace/codes/jobs';
import { createPlaceBook } from '../modules/trace/codes/places';
import { codesOfBatch } from '../modules/trace/codes/repo';
import { createScanner } from '../modules/trace/codes/scans';

/** Addresses of the built-in place table (RFC 5737 ranges standing for Beijing, Shanghai and Urumqi). */
const BEIJING = '192.0.2.';
const SHANGHAI = '198.51.100.';
const URUMQI = '203.0.113.';

/**
 * One item one code demo: each merchant's demo batch gets 200 codes (the first job, so its ids start at 1),
 * a fortnight of consumer scans spread over the days (real scans through the scanner, from the built-in
 * places), code 3 scanned in Beijing and then Urumqi an hour later (suspected), and codes 199-200 voided.
 */
export async function seedTraceCodesDemo(db: Db, now: number): Promise<void> {
  const batches = await db
    .selectFrom('trace_batches')
    .select(['id', 'merchant_id', 'group_id', 'product_name', 'gtin', 'lot'])
    .orderBy('id')
    .execute();
  const scan = createScanner(db, createPlaceBook('/nonexistent'));
  const seen = new Set<number>();
  for (const batch of batches) {
    if (seen.has(batch.merchant_id)) continue;
    seen.add(batch.merchant_id);
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('merchant_id', '=', batch.merchant_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await generateNow(db, batch, admin.id, 200, now - 15 * 86_400_000);
    const codes = await codesOfBatch(db, batch);
    for (let i = 0; i < 40; i++) {
      const at = now - (14 - (i % 14)) * 86_400_000 + (i % 9) * 3_600_000;
      // one place per code: a code read in two cities within a day is what the rule is for (code 3 below)
      const from = (i % 25) % 3 === 0 ? SHANGHAI : BEIJING;
      await scan({
        code: codes[3 + (i % 25)].code,
        visit: `demo-visit-${batch.id}-${i}`,
        ip: `${from}${i + 1}`,
        now: at,
      });
    }
    await scan({ code: codes[2].code, visit: `demo-visit-${batch.id}-bj`, ip: `${BEIJING}7`, now: now - 7_200_000 });
    await scan({ code: codes[2].code, visit: `demo-visit-${batch.id}-xj`, ip: `${URUMQI}9`, now: now - 3_600_000 });
    await db
      .updateTable('trace_codes')
      .set({ voided_at: now, void_reason: '标签打印损坏' })
      .where('batch_id', '=', batch.id)
      .where('seq', '>=', 199)
      .execute();
  }
}
