import {
  addDays,
  type BatchRevision,
  Code,
  dayIn,
  type Paged,
  type PublicTrace,
  type TraceBatchDetail,
  type TraceShipment,
} from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { zoneOfPark } from '../../parks/repo';
import { generated } from '../codes/jobFixture';
import { codesOfBatch } from '../codes/repo';
import { publicScan, SCANNER_CACHE_MS } from '../codes/testFixture';
import { batchBody, type TraceRows, traceRows } from './testFixture';

const P = '/api/merchant/trace/batch';
/** The user name of the demo login, as revisions name who published and withdrew. */
const ADMIN = '示范农场管理员';

describeEachEngine('trace batches: revisions, withdrawal, shipments (issue 24)', (env) => {
  let token: string;
  let park: number;
  let rows: TraceRows;
  let today: string;
  let n = 0;
  async function addBatch() {
    const res = await env().post<{ id: number }>(`${P}/addBatch`, token, batchBody(park, rows, `WD-${++n}`));
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  }
  const publish = (id: number, sections = ['product']) => env().post(`${P}/publishBatch`, token, { id, sections });
  const detail = async (id: number) =>
    (await env().get<TraceBatchDetail>(`${P}/getBatchDetail`, token, { id: String(id) })).data;

  beforeAll(async () => {
    token = await env().login('demo');
    park = env().ids.parks.farm[0];
    rows = await traceRows(env().db, env().ids.merchant.farm, park);
    today = dayIn(await zoneOfPark(env().db, park, 'Asia/Shanghai'), Date.now());
  });

  it('keeps every publish as a revision with who and when, and what each one showed', async () => {
    const id = await addBatch();
    await publish(id);
    await env().post(`${P}/updateBatch`, token, { ...batchBody(park, rows, 'WD-REV'), id, productName: '第二版番茄' });
    await publish(id, ['product', 'certificate']);
    const list = await env().get<BatchRevision[]>(`${P}/getBatchRevisionList`, token, { id: String(id) });
    expect(list.data.map((r) => [r.version, r.publishedBy, r.sections])).toEqual([
      [2, ADMIN, ['product', 'certificate']],
      [1, ADMIN, ['product']],
    ]);
    const first = await env().get<PublicTrace>(`${P}/getBatchRevision`, token, { id: String(id), version: '1' });
    expect(first.data).toMatchObject({ version: 1 });
    expect(first.data.product?.name).not.toBe('第二版番茄');
    expect(first.data.certificate).toBeUndefined();
    const second = await env().get<PublicTrace>(`${P}/getBatchRevision`, token, { id: String(id), version: '2' });
    expect(second.data.product?.name).toBe('第二版番茄');
    const missing = await env().get(`${P}/getBatchRevision`, token, { id: String(id), version: '9' });
    expect(missing.code).toBe(Code.NOT_FOUND);
    const intruder = await env().login('demo2');
    expect((await env().get(`${P}/getBatchRevisionList`, intruder, { id: String(id) })).code).toBe(Code.NOT_FOUND);
  });

  it('withdraws instead of deleting a published batch with codes; consumers read the day, never the reason', async () => {
    const id = await addBatch();
    await generated(env(), token, id, 3);
    const ref = { id, merchant_id: env().ids.merchant.farm, group_id: park, product_name: '', gtin: null, lot: '' };
    const [code] = await codesOfBatch(env().db, ref);
    // never published: its codes say so, and it may still be deleted later
    expect((await publicScan(env(), { code: code.code })).data.status).toBe('unpublished');
    await publish(id);
    await new Promise((r) => setTimeout(r, SCANNER_CACHE_MS));
    expect((await publicScan(env(), { code: code.code })).data.status).toBe('ok');

    const refused = await env().post(`${P}/removeBatch`, token, { id: [id] });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.msg).toContain('3');
    expect(await detail(id)).toMatchObject({ status: 'published', codeCount: 3 });

    const body = { id, reason: '包装混入未检测的一筐', withdrawnOn: today };
    const operator = await env().login('operator');
    expect((await env().post(`${P}/withdrawBatch`, operator, body)).code).toBe(Code.PERMISSION_DENIED);
    const future = await env().post(`${P}/withdrawBatch`, token, { ...body, withdrawnOn: addDays(today, 1) });
    expect(future).toMatchObject({ code: Code.VALIDATION });
    const early = await env().post(`${P}/withdrawBatch`, token, { ...body, withdrawnOn: addDays(today, -400) });
    expect(early.code).toBe(Code.VALIDATION);
    const done = await env().post(`${P}/withdrawBatch`, token, body);
    expect(done).toMatchObject({ code: 0, data: { codes: 3, withdrawnOn: today } });
    expect((await env().post(`${P}/withdrawBatch`, token, body)).code).toBe(Code.CONFLICT);

    await new Promise((r) => setTimeout(r, SCANNER_CACHE_MS));
    const read = await publicScan(env(), { code: code.code });
    expect(read.data).toMatchObject({ status: 'withdrawn', withdrawnOn: today, trace: null });
    expect(JSON.stringify(read)).not.toContain(body.reason);
    expect(await detail(id)).toMatchObject({ status: 'withdrawn', withdrawal: { on: today, reason: body.reason } });
    const [revision] = (await env().get<BatchRevision[]>(`${P}/getBatchRevisionList`, token, { id: String(id) })).data;
    expect(revision).toMatchObject({ withdrawnOn: today, withdrawnBy: ADMIN, withdrawReason: body.reason });
    // a code that never existed still reads "not issued here"
    expect((await publicScan(env(), { code: 'ZZZZZZZZZZZZZ' })).data.status).toBe('unknown');
    // a batch without codes is deleted as before
    const plain = await addBatch();
    await publish(plain);
    expect((await env().post(`${P}/removeBatch`, token, { id: [plain] })).code).toBe(0);
  });

  it('records where a batch went and exports the recall list', async () => {
    const batchId = await addBatch();
    const ship = { batchId, buyer: '北京新发地批发商', contact: '010-1', quantity: 120, unit: 'kg', region: 'beijing' };
    const a = await env().post<{ id: number }>(`${P}/addShipment`, token, { ...ship, shippedOn: '2026-11-02' });
    const b = await env().post<{ id: number }>(`${P}/addShipment`, token, {
      ...ship,
      buyer: '上海鲜丰超市',
      region: 'shanghai',
      shippedOn: '2026-11-03',
    });
    expect([a.code, b.code]).toEqual([0, 0]);
    const bad = await env().post(`${P}/addShipment`, token, { ...ship, region: 'atlantis', shippedOn: '2026-11-02' });
    expect(bad.code).toBe(Code.VALIDATION);
    const altered = await env().post(`${P}/alterShipment`, token, {
      ...ship,
      id: a.data.id,
      quantity: 150,
      shippedOn: '2026-11-02',
    });
    expect(altered.code).toBe(0);
    const list = await env().get<Paged<TraceShipment>>(`${P}/getShipmentList`, token, { batchId: String(batchId) });
    expect(list.data.list.map((s) => [s.buyer, s.quantity, s.region])).toEqual([
      ['上海鲜丰超市', 120, 'shanghai'],
      ['北京新发地批发商', 150, 'beijing'],
    ]);
    const csv = await env().app.inject({
      method: 'GET',
      url: `${P}/exportRecallList`,
      query: { batchId: String(batchId), format: 'csv' },
      headers: { AuthToken: token, 'accept-language': 'en-US' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Shipped on,Buyer,Contact,Region/);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      '2026-11-02,北京新发地批发商,010-1,Beijing',
      '2026-11-03,上海鲜丰超市,010-1,Shanghai',
    ]);
    const intruder = await env().login('demo2');
    expect((await env().get(`${P}/getShipmentList`, intruder, { batchId: String(batchId) })).code).toBe(Code.NOT_FOUND);
    expect((await env().post(`${P}/removeShipment`, intruder, { batchId, id: [a.data.id] })).code).toBe(Code.NOT_FOUND);
    expect((await env().post(`${P}/removeShipment`, token, { batchId, id: [a.data.id, b.data.id] })).code).toBe(0);
  });
});
