import type { CodeJob } from '@farmpark/contracts';
import { expect } from 'vitest';
import type { Db } from '../../../db/connect';
import type { TestEnv } from '../../../test/harness';
import { CODE_API } from './routes';

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

/** Generates codes through the console route and waits for the job to end (as the console's progress bar). */
export async function generated(env: TestEnv, token: string, batchId: number, count: number): Promise<CodeJob> {
  const res = await env.post<{ jobId: number }>(`${CODE_API}/generateCodes`, token, { batchId, count }, true);
  expect(res.code, res.msg).toBe(0);
  for (;;) {
    const job = await env.get<CodeJob>(`${CODE_API}/getCodeJob`, token, { jobId: String(res.data.jobId) });
    expect(job.code, job.msg).toBe(0);
    if (job.data.status !== 'running') return job.data;
    await new Promise((r) => setTimeout(r, 30));
  }
}
