import { addDays, dayIn } from '@farmpark/contracts';
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
 * One item one code demo: each merchant's demo batch gets 200 codes (the first job, so its ids start at 1)
 * and two shipments (a Beijing wholesaler, a Shanghai supermarket); a fortnight of consumer scans spread over
 * the days (real scans through the scanner, from the built-in places); code 3 scanned in Beijing and then in
 * Shanghai an hour later (suspected: two places 1,000 km apart); code 30 scanned in Urumqi, far from both
 * shipments (diverted, 窜货); codes 199-200 voided. The withdrawn batch (lot `-R`) gets 20 codes, one scanned.
 */
export async function seedTraceCodesDemo(db: Db, now: number): Promise<void> {
  const batches = await db
    .selectFrom('trace_batches')
    .select(['id', 'merchant_id', 'group_id', 'product_name', 'gtin', 'lot'])
    .orderBy('id')
    .execute();
  const { scanCode: scan } = createScanner(db, createPlaceBook('/nonexistent'));
  const seen = new Set<number>();
  for (const batch of batches) {
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('merchant_id', '=', batch.merchant_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    if (batch.lot.endsWith('-R')) {
      await generateNow(db, batch, admin.id, 20, now - 2 * 86_400_000);
      const [code] = await codesOfBatch(db, batch);
      await scan({ code: code.code, visit: `demo-visit-${batch.id}-r`, ip: `${SHANGHAI}3`, now });
      continue;
    }
    if (seen.has(batch.merchant_id)) continue;
    seen.add(batch.merchant_id);
    await generateNow(db, batch, admin.id, 200, now - 15 * 86_400_000);
    const shipped = addDays(dayIn('Asia/Shanghai', now), -14);
    const shipment = { merchant_id: batch.merchant_id, group_id: batch.group_id, batch_id: batch.id, unit: 'kg' };
    const made = { shipped_on: shipped, created_by: admin.id, created_at: now, updated_at: now };
    await db
      .insertInto('trace_shipments')
      .values([
        {
          ...shipment,
          ...made,
          buyer: '北京新发地蔬菜批发商行',
          contact: '010-67260000',
          quantity: 300,
          region: 'beijing',
          place: '北京丰台',
        },
        {
          ...shipment,
          ...made,
          buyer: '上海鲜丰生鲜超市',
          contact: '021-64180000',
          quantity: 200,
          region: 'shanghai',
          place: '上海徐汇',
        },
      ])
      .execute();
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
    await scan({ code: codes[2].code, visit: `demo-visit-${batch.id}-sh`, ip: `${SHANGHAI}9`, now: now - 3_600_000 });
    await scan({ code: codes[29].code, visit: `demo-visit-${batch.id}-xj`, ip: `${URUMQI}9`, now: now - 5_400_000 });
    await db
      .updateTable('trace_codes')
      .set({ voided_at: now, void_reason: '标签打印损坏' })
      .where('batch_id', '=', batch.id)
      .where('seq', '>=', 199)
      .execute();
  }
}
