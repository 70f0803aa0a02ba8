import { Code } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { publishBatch } from '../batches/published';
import { generated } from './jobFixture';
import { codesOfBatch } from './repo';
import { codeBatch, publicScan, SCANNER_CACHE_MS } from './testFixture';

const API = '/api/merchant/traceCode';
const BATCH = '/api/merchant/trace/batch';

describeEachEngine('one item one code: scans', (env) => {
  let token: string;
  let batch: Awaited<ReturnType<typeof codeBatch>>;
  let codes: string[];
  const scan = (code: string, visit?: string, headers: Record<string, string> = {}) =>
    publicScan(env(), { code }, visit, headers);

  beforeAll(async () => {
    token = await env().login('demo');
    const { ids, db } = env();
    batch = await codeBatch(db, ids.merchant.farm, ids.parks.farm[0], { gtin: '06901234567892', lot: 'SCAN-1' });
    await generated(env(), token, batch.id, 12);
    codes = (await codesOfBatch(db, batch)).map((c) => c.code);
  });

  it('counts a scan once per visit: reloads with the visit cookie do not count again, a new visit does', async () => {
    const first = await scan(codes[0]);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ scanCount: 1, timeZone: 'Asia/Shanghai' });
    expect(first.visit).toMatch(/^[A-Za-z0-9_-]{16,32}$/);
    const reload = await scan(codes[0], first.visit);
    expect(reload.data.scanCount).toBe(1);
    expect(reload.data.firstScanAt).toBe(first.data.firstScanAt);
    const other = await scan(codes[0]);
    expect(other.data.scanCount).toBe(2);
    // printed with dashes and in lower case, it is the same code
    const typed = await scan(`${codes[0].slice(0, 4)}-${codes[0].slice(4)}`.toLowerCase(), other.visit);
    expect(typed.data.scanCount).toBe(2);
    const row = await env()
      .db.selectFrom('trace_codes')
      .selectAll()
      .where('code', '=', codes[0])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ scan_count: 2, first_scan_place: 'lan', last_scan_place: 'lan' });
  });

  it('answers unknown for a code that does not exist or is malformed, recording nothing', async () => {
    for (const code of ['ZZZZZZZZZZZZZ', 'x', '', "1' or 1=1 --"]) {
      const res = await scan(code);
      expect(res.data).toEqual({ status: 'unknown', scanCount: 0, firstScanAt: null, trace: null });
    }
  });

  it('says "not yet published" before publishing, then only the snapshot, then withdrawn with its day', async () => {
    const scope = { merchantId: batch.merchant_id, groupIds: [batch.group_id] };
    expect((await scan(codes[1])).data).toMatchObject({ status: 'unpublished', trace: null });
    await publishBatch(env().db, scope, env().ids.users.demo, batch.id, ['product']);
    await new Promise((r) => setTimeout(r, SCANNER_CACHE_MS));
    const res = await scan(codes[1]);
    expect(res.data.status).toBe('ok');
    expect(Object.keys(res.data.trace ?? {}).sort()).toEqual(['product', 'publishedAt', 'version']);
    expect(res.data.trace?.product).toEqual({ name: '测试番茄', gtin: '06901234567892', lot: 'SCAN-1' });
    expect(JSON.stringify(res.data)).not.toContain('BATCH-NOTE-SECRET');
    // a later edit of the batch is not public until the next publish
    await env()
      .db.updateTable('trace_batches')
      .set({ product_name: '改名未发布' })
      .where('id', '=', batch.id)
      .execute();
    expect((await scan(codes[1])).data.trace?.product?.name).toBe('测试番茄');

    const withdrawn = await env().post<{ codes: number }>(`${BATCH}/withdrawBatch`, token, {
      id: batch.id,
      reason: '内部原因：复检',
      withdrawnOn: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
    });
    expect(withdrawn).toMatchObject({ code: 0, data: { codes: 12 } });
    await new Promise((r) => setTimeout(r, SCANNER_CACHE_MS));
    const after = await scan(codes[1]);
    expect(after.data).toMatchObject({ status: 'withdrawn', trace: null });
    expect(after.data.withdrawnOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // the reason is the merchant's own record
    expect(JSON.stringify(after.data)).not.toContain('复检');
    await publishBatch(env().db, scope, env().ids.users.demo, batch.id, ['product']);
    await new Promise((r) => setTimeout(r, SCANNER_CACHE_MS));
    expect((await scan(codes[1])).data.status).toBe('ok');
  }, 20_000);

  it('a voided code says void and shows nothing of the product', async () => {
    await env().post(`${API}/voidCodes`, token, { batchId: batch.id, fromSeq: 3, toSeq: 3, reason: '丢失' }, true);
    const res = await scan(codes[2]);
    expect(res.data).toMatchObject({ status: 'void', scanCount: 1, trace: null });
  });

  it("never counts a read by the producer's signed-in staff: the first scan is a consumer's", async () => {
    const staff = { cookie: `ag_merchant_token=${token}` };
    const own = await scan(codes[5], undefined, staff);
    expect(own.data).toMatchObject({ status: 'ok', scanCount: 0, firstScanAt: null, staff: true });
    const header = await scan(codes[5], undefined, { authtoken: token });
    expect(header.data).toMatchObject({ scanCount: 0, staff: true });
    // another merchant's staff member reading it is a consumer like anyone
    const other = await scan(codes[5], undefined, { cookie: `ag_merchant_token=${await env().login('demo2')}` });
    expect(other.data.scanCount).toBe(1);
    expect(other.data.staff).toBeUndefined();
    // a stale or forged token is no staff pass either
    const forged = await scan(codes[5], undefined, { cookie: 'ag_merchant_token=not-a-session' });
    expect(forged.data.scanCount).toBe(2);
    const again = await scan(codes[5], undefined, staff);
    expect(again.data).toMatchObject({ scanCount: 2, firstScanAt: other.data.firstScanAt, staff: true });
  });

  it('says "another product" for a genuine code under another GTIN or lot, counting nothing', async () => {
    const wrong: Record<string, string>[] = [
      { code: codes[6], gtin: '06901234567892', lot: 'OTHER' },
      { code: codes[6], gtin: '04006381333931' },
    ];
    for (const query of wrong) {
      const res = await publicScan(env(), query);
      expect(res.data).toEqual({ status: 'mismatch', scanCount: 0, firstScanAt: null, trace: null });
    }
    const right = await publicScan(env(), { code: codes[6], gtin: '6901234567892', lot: 'SCAN-1' });
    expect(right.data).toMatchObject({ status: 'ok', scanCount: 1 });
  });

  it('serves a crowd behind one address, and limits only lookups of codes that do not exist', async () => {
    // every injected request comes from one address: hundreds of genuine reads a minute (a market), all answered
    for (let i = 0; i < 150; i++) expect((await scan(codes[7 + (i % 4)])).code).toBe(0);
    let limited: Awaited<ReturnType<typeof scan>> | undefined;
    for (let i = 0; i < 31 && !limited; i++) {
      const res = await scan(`ZZZZZZZZZZ${String(i).padStart(3, '0')}`);
      if (res.code === Code.RATE_LIMITED) limited = res;
    }
    expect(limited?.code).toBe(Code.RATE_LIMITED);
    expect(Number(limited?.retryAfter)).toBeGreaterThan(0);
    // once over the miss limit, a valid code waits too: answering it would tell the guesser it is real
    expect((await scan(codes[7])).code).toBe(Code.RATE_LIMITED);
  }, 30_000);
});
