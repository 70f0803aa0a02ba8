import { Code, type CodeJob, type CodeStats, type Paged, type TraceCodeRow } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { generated } from './jobFixture';
import { codesOfBatch } from './repo';
import { codeBatch } from './testFixture';

const API = '/api/merchant/traceCode';

describeEachEngine('one item one code', (env) => {
  let token: string;
  let batch: Awaited<ReturnType<typeof codeBatch>>;
  let batchId: number;

  const generate = (count: number, id = batchId) => generated(env(), token, id, count);

  beforeAll(async () => {
    token = await env().login('demo');
    const { ids, db } = env();
    batch = await codeBatch(db, ids.merchant.farm, ids.parks.farm[0]);
    batchId = batch.id;
  });

  it('generates 100,000 codes in a background job, each unique across all merchants and unguessable', async () => {
    const started = Date.now();
    const job = await generate(100_000);
    expect(job).toMatchObject({ status: 'done', requested: 100_000, done: 100_000, batchId });
    const codes = await codesOfBatch(env().db, batch);
    expect(codes.length).toBe(100_000);
    expect(new Set(codes.map((c) => c.code)).size).toBe(100_000);
    expect(new Set(codes.map((c) => c.seq)).size).toBe(100_000);
    expect(codes.every((c) => /^[0-9A-HJKMNP-TV-Z]{13}$/.test(c.code))).toBe(true);
    // the console's progress bar: the job is readable while and after it runs, and listed for its batch
    const jobs = await env().get<CodeJob[]>(`${API}/getCodeJobList`, token, { batchId: String(batchId) });
    expect(jobs.data[0]).toMatchObject({ id: job.id, status: 'done' });
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('a code drawn again is refused by the unique index, whoever owns it', async () => {
    const { db, ids } = env();
    const one = await db
      .selectFrom('trace_codes')
      .selectAll()
      .where('batch_id', '=', batchId)
      .executeTakeFirstOrThrow();
    const other = await codeBatch(db, ids.merchant.orchard, ids.parks.orchard);
    const { id: _id, ...copy } = one;
    await expect(
      db
        .insertInto('trace_codes')
        .values({ ...copy, merchant_id: other.merchant_id, group_id: other.group_id, batch_id: other.id })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a count outside 1..100,000 and a batch of another merchant', async () => {
    for (const count of [0, 100_001]) {
      const res = await env().post(`${API}/generateCodes`, token, { batchId, count }, true);
      expect(res.code).toBe(Code.VALIDATION);
    }
    const intruder = await env().login('demo2');
    const res = await env().post(`${API}/generateCodes`, intruder, { batchId, count: 5 }, true);
    expect(res.code).toBe(Code.NOT_FOUND);
    const list = await env().get(`${API}/getCodeList`, intruder, { batchId: String(batchId) });
    expect(list.code).toBe(Code.NOT_FOUND);
  });

  it('lists codes a page at a time with the URL their QR carries; a later job continues the numbering', async () => {
    const small = await codeBatch(env().db, env().ids.merchant.farm, env().ids.parks.farm[0]);
    await generate(30, small.id);
    await generate(5, small.id);
    const page = await env().get<Paged<TraceCodeRow>>(`${API}/getCodeList`, token, {
      batchId: String(small.id),
      pageNum: '2',
      pageSize: '20',
    });
    expect(page.data.total).toBe(35);
    expect(page.data.list.map((c) => c.seq)).toEqual(Array.from({ length: 15 }, (_, i) => 21 + i));
    const first = page.data.list[0];
    expect(first.url).toMatch(new RegExp(`^http://localhost(:\\d+)?/OC\\?code=${first.code}$`));
    expect(first).toMatchObject({ state: 'active', scanCount: 0, firstScanAt: null });
    // found by a part of the code as printed (dashes, lower case)
    const typed = `${first.code.slice(0, 4)}-${first.code.slice(4, 6)}`.toLowerCase();
    const found = await env().get<Paged<TraceCodeRow>>(`${API}/getCodeList`, token, {
      batchId: String(small.id),
      code: typed,
    });
    expect(found.data.list.map((c) => c.code)).toContain(first.code);
  });

  it('voids one code and a range with a reason; voided codes are listed so and left off label sheets', async () => {
    const b = await codeBatch(env().db, env().ids.merchant.farm, env().ids.parks.farm[0]);
    await generate(10, b.id);
    const all = await env().get<Paged<TraceCodeRow>>(`${API}/getCodeList`, token, { batchId: String(b.id) });
    const one = await env().post<{ voided: number }>(
      `${API}/voidCodes`,
      token,
      { batchId: b.id, ids: [all.data.list[0].id], reason: '标签损坏' },
      true,
    );
    expect(one.data.voided).toBe(1);
    const range = await env().post<{ voided: number }>(
      `${API}/voidCodes`,
      token,
      { batchId: b.id, fromSeq: 1, toSeq: 4, reason: '印错批次' },
      true,
    );
    expect(range.data.voided).toBe(3); // seq 1 was already void
    const nothing = await env().post(`${API}/voidCodes`, token, { batchId: b.id, reason: 'x' }, true);
    expect(nothing.code).toBe(Code.VALIDATION);
    const voided = await env().get<Paged<TraceCodeRow>>(`${API}/getCodeList`, token, {
      batchId: String(b.id),
      state: 'void',
    });
    expect(voided.data.list.map((c) => [c.seq, c.voidReason])).toEqual([
      [1, '标签损坏'],
      [2, '印错批次'],
      [3, '印错批次'],
      [4, '印错批次'],
    ]);
    const pdf = await env().app.inject({
      method: 'GET',
      url: `${API}/exportCodeLabels`,
      query: { batchId: String(b.id), size: '40x60' },
      headers: { AuthToken: token },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // 6 live codes, one label a page on a 40x60 roll
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(6);
  });

  it('exports codes and URLs as CSV in the reader language', async () => {
    const b = await codeBatch(env().db, env().ids.merchant.farm, env().ids.parks.farm[0], {
      gtin: '06901234567892',
      lot: 'CSV-1',
    });
    await generate(3, b.id);
    const res = await env().app.inject({
      method: 'GET',
      url: `${API}/exportCodeList`,
      query: { batchId: String(b.id) },
      headers: { AuthToken: token, 'accept-language': 'en-US' },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^No\.,Code,QR URL,State,Scans/);
    expect(lines.length).toBe(4);
    expect(lines[1]).toMatch(
      /^1,[0-9A-Z]{13},http:\/\/localhost(:\d+)?\/01\/06901234567892\/10\/CSV-1\/21\/[0-9A-Z]{13},Active,0/,
    );
  });

  it('counts codes per state and scans per day for the chart, every day of the range', async () => {
    const res = await env().get<CodeStats>(`${API}/getCodeStats`, token, { batchId: String(batchId), days: '7' });
    expect(res.data).toMatchObject({ total: 100_000, void: 0, scanned: 0, suspected: 0, scans: 0 });
    expect(res.data.days.length).toBe(7);
    expect(res.data.days.every((d) => d.scans === 0 && /^\d{4}-\d{2}-\d{2}$/.test(d.day))).toBe(true);
  });

  it('the demo batch has its codes: scans over a fortnight, one suspected far-apart code, two voided', async () => {
    const demo = await env()
      .db.selectFrom('trace_code_jobs')
      .select(['id', 'batch_id'])
      .where('merchant_id', '=', env().ids.merchant.farm)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const stats = await env().get<CodeStats>(`${API}/getCodeStats`, token, {
      batchId: String(demo.batch_id),
      days: '30',
    });
    expect(stats.data).toMatchObject({ total: 200, void: 2, suspected: 1, scans: 42 });
    expect(stats.data.days.filter((d) => d.scans > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('keeps the counterfeit rule per merchant, with defaults until set', async () => {
    const before = await env().get(`${API}/getCodeSettings`, token);
    expect(before.data).toEqual({ maxScans: 20, farKm: 500, windowHours: 24 });
    const set = await env().post(`${API}/alterCodeSettings`, token, { maxScans: 5, farKm: 300, windowHours: 12 }, true);
    expect(set.code).toBe(0);
    expect((await env().get(`${API}/getCodeSettings`, token)).data).toEqual({
      maxScans: 5,
      farKm: 300,
      windowHours: 12,
    });
    const other = await env().get(`${API}/getCodeSettings`, await env().login('demo2'));
    expect(other.data).toEqual({ maxScans: 20, farKm: 500, windowHours: 24 });
  });
});
