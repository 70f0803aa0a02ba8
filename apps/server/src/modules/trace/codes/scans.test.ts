import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type PublicCodeAnswer } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { publishBatch } from '../batches/published';
import { generated } from './jobFixture';
import { createPlaceBook, distanceKm } from './places';
import { codesOfBatch } from './repo';
import { createScanner } from './scans';
import { codeBatch } from './testFixture';

const API = '/api/merchant/traceCode';
const PUBLIC = '/api/public/trace/code';

describeEachEngine('one item one code: scans', (env) => {
  let token: string;
  let batch: Awaited<ReturnType<typeof codeBatch>>;
  let codes: string[];

  /** A consumer's request: a visit cookie (or none: a new visit) and an address. */
  async function scan(code: string, visit?: string, headers: Record<string, string> = {}) {
    const res = await env().app.inject({
      method: 'GET',
      url: PUBLIC,
      query: { code },
      headers: { ...headers, ...(visit ? { cookie: `fp_trace_visit=${visit}` } : {}) },
    });
    const body = res.json() as { code: number; data: PublicCodeAnswer };
    const set = res.cookies.find((c) => c.name === 'fp_trace_visit');
    return { ...body, status: res.statusCode, visit: set?.value ?? visit };
  }

  beforeAll(async () => {
    token = await env().login('demo');
    const { ids, db } = env();
    batch = await codeBatch(db, ids.merchant.farm, ids.parks.farm[0], { gtin: '06901234567892', lot: 'SCAN-1' });
    await generated(env(), token, batch.id, 10);
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

  it('says withdrawn before publishing and after unpublishing; published, only the snapshot', async () => {
    const scope = { merchantId: batch.merchant_id, groupIds: [batch.group_id] };
    expect((await scan(codes[1])).data).toMatchObject({ status: 'withdrawn', trace: null });
    await publishBatch(env().db, scope, batch.id, ['product']);
    // the scanner keeps a batch's snapshot two seconds (see scans.ts)
    await new Promise((r) => setTimeout(r, 2_100));
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
  });

  it('a voided code says void and shows nothing of the product', async () => {
    await env().post(`${API}/voidCodes`, token, { batchId: batch.id, fromSeq: 3, toSeq: 3, reason: '丢失' }, true);
    const res = await scan(codes[2]);
    expect(res.data).toMatchObject({ status: 'void', scanCount: 1, trace: null });
  });

  it('suspects a code scanned more than the merchant allows, and lists it for the merchant only', async () => {
    await env().post(`${API}/alterCodeSettings`, token, { maxScans: 3, farKm: 500, windowHours: 24 }, true);
    // the rule is read through a short cache: wait it out so the new limit applies
    await new Promise((r) => setTimeout(r, 5_100));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await scan(codes[3])).data.status);
    expect(answers).toEqual(['ok', 'ok', 'ok', 'suspected']);
    const list = await env().get<{ total: number; list: { code: string; suspectReason: string }[] }>(
      `${API}/getSuspectedCodeList`,
      token,
    );
    expect(list.data.list.map((c) => [c.code, c.suspectReason])).toContainEqual([codes[3], 'tooMany']);
    const foreign = await env().get<{ list: { code: string }[] }>(
      `${API}/getSuspectedCodeList`,
      await env().login('demo2'),
    );
    expect(foreign.data.list.map((c) => c.code)).not.toContain(codes[3]);
    const stats = await env().get<{ suspected: number; scans: number; days: { scans: number }[] }>(
      `${API}/getCodeStats`,
      token,
      { batchId: String(batch.id), days: '3' },
    );
    expect(stats.data.suspected).toBe(1);
    expect(stats.data.days.reduce((s, d) => s + d.scans, 0)).toBe(stats.data.scans);
  }, 20_000);

  it('suspects a code scanned from places far apart within the window (Beijing, then Urumqi)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'places-'));
    writeFileSync(join(dir, 'ip-places.csv'), '# cidr,name,lat,lon\n100.64.1.0/24,杭州,30.27,120.15\n');
    const places = createPlaceBook(dir);
    expect(places.placeOf('100.64.1.9')?.name).toBe('杭州');
    expect(places.placeOf('192.0.2.7')?.name).toBe('beijing');
    expect(places.placeOf('8.8.8.8')).toBeNull();
    expect(distanceKm({ lat: 39.9, lon: 116.4 }, { lat: 43.83, lon: 87.62 })).toBeGreaterThan(2000);
    const scanCode = createScanner(env().db, places);
    const now = Date.now();
    expect((await scanCode({ code: codes[4], visit: 'visit-beijing-0001', ip: '192.0.2.7', now })).status).toBe('ok');
    // Beijing to Urumqi is about 2,400 km, over the 500 km rule
    const far = await scanCode({ code: codes[4], visit: 'visit-urumqi-00001', ip: '203.0.113.9', now: now + 60_000 });
    expect(far.status).toBe('suspected');
    const row = await env()
      .db.selectFrom('trace_codes')
      .selectAll()
      .where('code', '=', codes[4])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ suspect_reason: 'farApart', first_scan_place: 'beijing', last_scan_place: 'urumqi' });
    // near places do not: two scans in Beijing's range
    await scanCode({ code: codes[5], visit: 'visit-beijing-0002', ip: '192.0.2.8', now });
    expect((await scanCode({ code: codes[5], visit: 'visit-beijing-0003', ip: '192.0.2.9', now })).status).toBe('ok');
  });

  it('resolves the GS1 Digital Link of a code to its /OC page; a wrong GTIN or lot opens no code', async () => {
    const list = await env().get<{ list: { url: string; code: string }[] }>(`${API}/getCodeList`, token, {
      batchId: String(batch.id),
    });
    const { url, code } = list.data.list[6];
    const path = new URL(url).pathname;
    expect(path).toBe(`/01/06901234567892/10/SCAN-1/21/${code}`);
    const res = await env().app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/OC?code=${code}`);
    for (const wrong of [`/01/06901234567892/10/OTHER/21/${code}`, `/01/00000000000000/10/SCAN-1/21/${code}`]) {
      const r = await env().app.inject({ method: 'GET', url: wrong });
      expect(r.headers.location).toBe('/OC?code=');
    }
  });

  it('rate limits the public read per address with 1604 and Retry-After', async () => {
    let limited: Awaited<ReturnType<typeof scan>> | undefined;
    let retryAfter: string | undefined;
    for (let i = 0; i < 61 && !limited; i++) {
      const res = await env().app.inject({ method: 'GET', url: PUBLIC, query: { code: codes[9] } });
      if (res.json().code === Code.RATE_LIMITED) {
        limited = res.json();
        retryAfter = String(res.headers['retry-after']);
      }
    }
    expect(limited?.code).toBe(Code.RATE_LIMITED);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
