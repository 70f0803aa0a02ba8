import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type FileUsage, formatTraceCode, type LabelJob, type PublicBaseView } from '@farmpark/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { generated } from '../codes/jobFixture';
import { codesOfBatch } from '../codes/repo';
import { codeBatch } from '../codes/testFixture';

const API = '/api/merchant/traceCode';
const BASE = 'https://trace.farm.example.com';
const dir = mkdtempSync(join(tmpdir(), 'label-jobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEachEngine('label sheets in the background and the public address they print (issue 24)', (env) => {
  let token: string;
  let batchId: number;
  let codes: string[];

  beforeAll(async () => {
    token = await env().login('demo');
    const { ids, db } = env();
    const batch = await codeBatch(db, ids.merchant.farm, ids.parks.farm[0], { lot: 'LABEL-JOB' });
    batchId = batch.id;
    await generated(env(), token, batch.id, 4);
    codes = (await codesOfBatch(db, batch)).map((c) => c.code);
  });

  it('lets an administrator set the public address, warns about a local one, and keeps others to their own', async () => {
    const before = await env().get<PublicBaseView>(`${API}/getPublicBase`, token);
    // the harness has no PUBLIC_BASE_URL: the console's own (loopback) address, flagged
    expect(before.data).toMatchObject({ url: '', source: 'request', local: true });
    const operator = await env().login('operator');
    expect((await env().post(`${API}/alterPublicBase`, operator, { url: BASE })).code).toBe(Code.PERMISSION_DENIED);
    const bad = await env().post(`${API}/alterPublicBase`, token, { url: 'ftp://x.example.com/?a' });
    expect(bad.code).toBe(Code.VALIDATION);
    const local = await env().post<PublicBaseView>(`${API}/alterPublicBase`, token, {
      url: 'http://192.168.1.20:8080/',
    });
    expect(local.data).toMatchObject({ url: 'http://192.168.1.20:8080', source: 'setting', local: true });
    const set = await env().post<PublicBaseView>(`${API}/alterPublicBase`, token, { url: `${BASE}/` });
    expect(set.data).toEqual({ url: BASE, effective: BASE, source: 'setting', local: false });
    const other = await env().get<PublicBaseView>(`${API}/getPublicBase`, await env().login('demo2'));
    expect(other.data.url).toBe('');
    // the counterfeit rule is untouched by it
    expect((await env().get(`${API}/getCodeSettings`, token)).data).toEqual({ farKm: 500, windowHours: 24 });
  });

  it('makes a sheet in the background with its progress, whose codes are whole and whose QR codes carry the address', async () => {
    const started = await env().post<LabelJob>(`${API}/startLabelJob`, token, { batchId, size: '50x30' });
    expect(started.data).toMatchObject({ batchId, size: '50x30', total: 4, publicBase: BASE });
    let job = started.data;
    for (let i = 0; i < 100 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await env().get<LabelJob>(`${API}/getLabelJob`, token, { jobId: String(job.id) })).data;
    }
    expect(job).toMatchObject({ status: 'done', done: 4, total: 4 });
    const file = await env().app.inject({
      method: 'GET',
      url: `${API}/getLabelFile`,
      query: { jobId: String(job.id) },
      headers: { AuthToken: token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = join(dir, `job-${env().engine}.pdf`);
    writeFileSync(pdf, file.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    for (const c of codes) expect(text).toContain(formatTraceCode(c));
    execFileSync('pdftoppm', ['-png', '-r', '300', '-f', '1', '-l', '1', '-singlefile', pdf, join(dir, 'page')]);
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', join(dir, 'page.png')])
      .toString()
      .trim();
    expect(decoded).toBe(`${BASE}/OC?code=${codes[0]}`);

    const intruder = await env().login('demo2');
    expect((await env().get(`${API}/getLabelJob`, intruder, { jobId: String(job.id) })).code).toBe(Code.NOT_FOUND);
    expect((await env().post(`${API}/startLabelJob`, intruder, { batchId, size: 'A4' })).code).toBe(Code.NOT_FOUND);
  });

  it("keeps a finished sheet in the company's file store, counted against its quota, and refuses a job when the quota is full", async () => {
    const { db, ids } = env();
    const labels = async () =>
      (await env().get<FileUsage>('/api/merchant/storage/getFileUsage', token)).data.kinds.find(
        (k) => k.kind === 'labels',
      )!;
    const before = await labels();
    const started = await env().post<LabelJob>(`${API}/startLabelJob`, token, { batchId, size: 'A4' });
    let job = started.data;
    for (let i = 0; i < 100 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await env().get<LabelJob>(`${API}/getLabelJob`, token, { jobId: String(job.id) })).data;
    }
    const row = await db
      .selectFrom('trace_label_jobs')
      .select(['status', 'file_sha256'])
      .where('id', '=', started.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const after = await labels();
    expect(after.files).toBe(before.files + 1);
    expect(after.bytes).toBeGreaterThan(before.bytes);

    const count = async () => (await db.selectFrom('trace_label_jobs').select('id').execute()).length;
    const jobsBefore = await count();
    await db.updateTable('merchants').set({ file_quota_mb: 0 }).where('id', '=', ids.merchant.farm).execute();
    try {
      const full = await env().call({
        method: 'POST',
        url: `${API}/startLabelJob`,
        token,
        headers: { 'accept-language': 'zh-CN' },
        payload: { batchId, size: 'A4' },
      });
      expect(full.code).toBe(Code.STORAGE_QUOTA);
      expect(full.msg).toContain('企业存储空间不足');
      expect(await count()).toBe(jobsBefore);
    } finally {
      await db.updateTable('merchants').set({ file_quota_mb: 10240 }).where('id', '=', ids.merchant.farm).execute();
    }
  });
});
