import type { Db } from '../../../db/connect';

/** A trace batch inserted directly (the batch pages are tested by their own suite), for code tests. */
export async function codeBatch(
  db: Db,
  merchantId: number,
  groupId: number,
  over: { gtin?: string | null; lot?: string } = {},
) {
  const now = Date.now();
  const row = await db
    .insertInto('trace_batches')
    .values({
      merchant_id: merchantId,
      group_id: groupId,
      product_name: '测试番茄',
      gtin: over.gtin ?? null,
      lot: over.lot ?? `T-${now % 1_000_000}`,
      cert_quantity: null,
      cert_unit: '',
      producer: '',
      origin: '',
      contact: '',
      issued_on: null,
      pledge: '',
      basis: '[]',
      notes: 'BATCH-NOTE-SECRET',
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'merchant_id', 'group_id', 'product_name', 'gtin', 'lot'])
    .executeTakeFirstOrThrow();
  return row;
}
