import type { PublicCodeAnswer } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import type { TestEnv } from '../../../test/harness';

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

/** The scanner keeps a batch's snapshot and shipments this long (scans.ts): a test waits it out. */
export const SCANNER_CACHE_MS = 2_100;

/** A consumer's read of /OC's API: a visit cookie (or none: a new visit), more headers, the envelope. */
export async function publicScan(
  env: TestEnv,
  query: Record<string, string>,
  visit?: string,
  headers: Record<string, string> = {},
) {
  const res = await env.app.inject({
    method: 'GET',
    url: '/api/public/trace/code',
    query,
    headers: { ...headers, ...(visit ? { cookie: `fp_trace_visit=${visit}` } : {}) },
  });
  const body = res.json() as { code: number; data: PublicCodeAnswer };
  const set = res.cookies.find((c) => c.name === 'fp_trace_visit');
  return { ...body, status: res.statusCode, visit: set?.value ?? visit, retryAfter: res.headers['retry-after'] };
}
