import { Code, type TraceReport } from '@farmpark/contracts';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../../../test/details';
import { describeEachEngine } from '../../../test/harness';
import { reportBody } from './reportFixture';

const P = '/api/merchant/trace/report';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describeEachEngine('trace reports', (env) => {
  let token: string;
  let park: number;
  const body = (over: Record<string, unknown> = {}) => reportBody(park, over);
  const upload = (id: number, payload: Buffer, type: string) =>
    env().call({
      method: 'POST',
      url: `${P}/uploadReportFile?id=${id}`,
      token,
      headers: { 'content-type': type },
      payload,
    });
  async function add(over: Record<string, unknown> = {}) {
    const res = await env().post<{ id: number }>(`${P}/addReport`, token, body(over));
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  }

  beforeAll(async () => {
    token = await env().login('demo');
    park = env().ids.parks.farm[0];
  });

  it('adds, lists, updates and removes a report', async () => {
    const id = await add({ reportNo: 'JC-LIST' });
    const list = await env().get<{ list: TraceReport[] }>(`${P}/getReportList`, token, {
      groupId: String(park),
      keyword: 'JC-LIST',
      pageNum: '1',
      pageSize: '10',
    });
    expect(list.data.list).toEqual([
      expect.objectContaining({ id, passed: true, validUntil: '2026-11-25', fileType: null, batches: [] }),
    ]);
    // a form sends the items as JSON text and the flags as text
    const form = await env().post(
      `${P}/updateReport`,
      token,
      { ...body({ passed: 'false', items: JSON.stringify([{ name: '铅', result: '0.5', pass: 'false' }]) }), id },
      true,
    );
    expect(form.code, form.msg).toBe(0);
    const detail = await env().get<TraceReport>(`${P}/getReportDetail`, token, { id: String(id) });
    expect(detail.data).toMatchObject({
      passed: false,
      items: [{ name: '铅', result: '0.5', standard: '', pass: false }],
    });
    expect((await env().post(`${P}/removeReport`, token, { id: [id] })).code).toBe(0);
    expect((await env().get(`${P}/getReportDetail`, token, { id: String(id) })).code).toBe(Code.NOT_FOUND);
  });

  it('checks the fields', async () => {
    for (const [over, field] of [
      [{ agency: '' }, 'agency'],
      [{ reportedOn: '2026-05-01' }, 'reportedOn'],
      [{ validUntil: '2026-05-01' }, 'validUntil'],
      [{ sampledOn: '2026-02-30' }, 'sampledOn'],
      [{ items: [{ name: '', result: 'x', pass: true }] }, 'items'],
    ] as const) {
      const res = await env().post(`${P}/addReport`, token, body(over));
      expect(res.code, field).toBe(Code.VALIDATION);
      expect(fieldsOf(res)[0], field).toMatch(new RegExp(`^${field}`));
    }
  });

  it('keeps a PDF or a picture by its content and serves it for the preview', async () => {
    const id = await add();
    expect((await upload(id, PDF, 'application/octet-stream')).code).toBe(0);
    const file = await env().app.inject({
      method: 'GET',
      url: `${P}/getReportFile?id=${id}`,
      headers: { AuthToken: token },
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body).toBe(PDF.toString());
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    expect((await upload(id, png, 'image/png')).code).toBe(0);
    const detail = await env().get<TraceReport>(`${P}/getReportDetail`, token, { id: String(id) });
    expect(detail.data).toMatchObject({ fileType: 'image', fileBytes: png.length });
  });

  it('refuses what is not a PDF or a picture, whatever it claims, a cut-off PDF and an oversized file', async () => {
    const id = await add();
    const html = await upload(id, Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf');
    expect(html.code).toBe(Code.VALIDATION);
    const cut = await upload(id, PDF.subarray(0, 20), 'application/pdf');
    expect(cut.code).toBe(Code.VALIDATION);
    const svg = await upload(id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(svg.code).toBe(Code.VALIDATION);
    const big = Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]);
    expect((await upload(id, big, 'application/pdf')).code).not.toBe(0);
    const detail = await env().get<TraceReport>(`${P}/getReportDetail`, token, { id: String(id) });
    expect(detail.data.fileType).toBeNull();
  });

  it('keeps other merchants out', async () => {
    const id = await add();
    const intruder = await env().login('demo2');
    expect((await env().get(`${P}/getReportDetail`, intruder, { id: String(id) })).code).toBe(Code.NOT_FOUND);
    const up = await env().call({
      method: 'POST',
      url: `${P}/uploadReportFile?id=${id}`,
      token: intruder,
      headers: { 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(up.code).toBe(Code.NOT_FOUND);
    const file = await env().app.inject({
      method: 'GET',
      url: `${P}/getReportFile?id=${id}`,
      headers: { AuthToken: intruder },
    });
    expect(file.json().code).toBe(Code.NOT_FOUND);
  });
});
