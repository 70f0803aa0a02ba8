import {
  Code,
  dayIn,
  type PublicTrace,
  TRACE_SECTIONS,
  type TraceBatch,
  type TraceBatchDetail,
} from '@farmpark/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../test/details';
import { describeEachEngine } from '../../../test/harness';
import { zoneOfPark } from '../../parks/repo';
import { getPublishedTrace } from './published';
import { batchBody, PRIVATE_MARKERS, type TraceRows, testReport, traceRows } from './testFixture';

const P = '/api/merchant/trace/batch';

describeEachEngine('trace batches', (env) => {
  let token: string;
  let park: number;
  let rows: TraceRows;
  let n = 0;
  const lot = () => `LOT-${++n}`;
  async function addBatch(over: Record<string, unknown> = {}) {
    const res = await env().post<{ id: number }>(`${P}/addBatch`, token, { ...batchBody(park, rows, lot()), ...over });
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  }
  /** A report needs a file before it can be published: this one is a tiny but complete PDF. */
  async function giveReportFile() {
    const res = await env().call({
      method: 'POST',
      url: `/api/merchant/trace/report/uploadReportFile?id=${rows.reportId}`,
      token,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    expect(res.code, res.msg).toBe(0);
  }

  /** A public file by its URL: the file's type, or the envelope code of a refusal. */
  async function fetchPublic(url: string) {
    const res = await env().app.inject({ method: 'GET', url });
    const type = String(res.headers['content-type'] ?? '');
    return type.includes('json') ? (res.json() as { code: number }).code : type;
  }

  beforeAll(async () => {
    token = await env().login('demo');
    park = env().ids.parks.farm[0];
    rows = await traceRows(env().db, env().ids.merchant.farm, park);
    await giveReportFile();
  });

  it('seeds a published demo batch drawn from a demo harvest, with no person in it', async () => {
    const demo = await env()
      .db.selectFrom('trace_batches')
      .select('id')
      .where('merchant_id', '=', env().ids.merchant.farm)
      .where('lot', 'like', 'DEMO-%')
      .executeTakeFirstOrThrow();
    const got = await getPublishedTrace(env().db, demo.id);
    if (got?.status !== 'published') throw new Error('demo batch not published');
    expect(got.trace.harvests?.length).toBeGreaterThan(0);
    expect(got.trace.certificate?.basis).toEqual(['ownControl', 'ownTest']);
    const phones = await env().db.selectFrom('production_personnel').select(['phone', 'id_number', 'name']).execute();
    const text = JSON.stringify(got);
    for (const p of phones) for (const v of [p.phone, p.id_number, p.name]) if (v) expect(text).not.toContain(v);
  });

  describe('records', () => {
    it('adds, lists, reads, updates and removes a batch', async () => {
      const id = await addBatch();
      const detail = await env().get<TraceBatchDetail>(`${P}/getBatchDetail`, token, { id: String(id) });
      expect(detail.data).toMatchObject({
        productName: '测试番茄',
        gtin: '06901234567892',
        status: 'draft',
        plantingIds: [rows.plantingId],
        harvestIds: [rows.harvestId],
        basis: ['ownControl', 'labTest'],
        harvestQuantity: [{ quantity: 10, unit: 'kg' }],
      });
      const upd = await env().post(`${P}/updateBatch`, token, { ...batchBody(park, rows, 'LOT-EDITED'), id });
      expect(upd.code, upd.msg).toBe(0);
      const list = await env().get<{ list: TraceBatch[] }>(`${P}/getBatchList`, token, {
        groupId: String(park),
        keyword: 'LOT-EDITED',
        pageNum: '1',
        pageSize: '10',
      });
      expect(list.data.list.map((b) => b.id)).toEqual([id]);
      expect((await env().post(`${P}/removeBatch`, token, { id: [id] })).code).toBe(0);
      expect((await env().get(`${P}/getBatchDetail`, token, { id: String(id) })).code).toBe(Code.NOT_FOUND);
    });

    it('checks GTIN, lot and links', async () => {
      const bad = await env().post(`${P}/addBatch`, token, { ...batchBody(park, rows, lot()), gtin: '6901234567891' });
      expect(bad.code).toBe(Code.VALIDATION);
      expect(bad.msg).toBe('GTIN has a wrong check digit');
      expect(fieldsOf(bad)).toEqual(['gtin']);
      const short = await env().post<{ id: number }>(`${P}/addBatch`, token, {
        ...batchBody(park, rows, lot()),
        gtin: '96385074',
      });
      expect(short.code, short.msg).toBe(0);
      const noGtin = await env().post(`${P}/addBatch`, token, { ...batchBody(park, rows, lot()), gtin: '' });
      expect(noGtin.code, noGtin.msg).toBe(0);
      const badLot = await env().post(`${P}/addBatch`, token, { ...batchBody(park, rows, 'lot with spaces') });
      expect(badLot.code).toBe(Code.VALIDATION);
      const same = lot();
      await addBatch({ lot: same });
      expect((await env().post(`${P}/addBatch`, token, batchBody(park, rows, same))).code).toBe(Code.CONFLICT);
      const orphan = await env().post(`${P}/addBatch`, token, { ...batchBody(park, rows, lot()), plantingIds: [] });
      expect(orphan.code).toBe(Code.VALIDATION);
      expect(fieldsOf(orphan)).toEqual(['harvestIds']);
      expect(orphan.msg).toMatch(/^Harvests \d+(, \d+)* are not of the chosen plantings$/);
      const foreign = await env().post(`${P}/addBatch`, token, {
        ...batchBody(park, rows, lot()),
        reportIds: [999999],
      });
      expect(foreign.code).toBe(Code.NOT_FOUND);
      const noName = await env().post(`${P}/addBatch`, token, { ...batchBody(park, rows, lot()), productName: ' ' });
      expect(noName.code).toBe(Code.VALIDATION);
    });

    it('offers the park records to pick from', async () => {
      const res = await env().get<{ plantings: { id: number }[]; harvests: { id: number }[] }>(
        `${P}/getBatchOptions`,
        token,
        { groupId: String(park) },
      );
      expect(res.data.plantings.map((p) => p.id)).toContain(rows.plantingId);
      expect(res.data.harvests.map((h) => h.id)).toContain(rows.harvestId);
    });
  });

  describe('publish', () => {
    it('collects farm work and inputs of the plantings into the preview', async () => {
      const id = await addBatch();
      const res = await env().get<PublicTrace>(`${P}/getBatchPreview`, token, { id: String(id) });
      expect(res.data.timeline).toEqual([
        expect.objectContaining({
          date: '2026-04-02',
          type: 'spraying',
          machine: false,
          materials: [{ name: '隔离测试农药', quantity: 0.5, unit: 'L' }],
        }),
      ]);
      expect(res.data.harvests).toEqual([{ date: '2026-06-01', quantity: 10, unit: 'kg', grade: '特级' }]);
    });

    it('publishes exactly the ticked sections: each one left unticked never appears', async () => {
      const id = await addBatch();
      for (const left of TRACE_SECTIONS) {
        const sections = TRACE_SECTIONS.filter((s) => s !== left);
        const res = await env().post(`${P}/publishBatch`, token, { id, sections });
        expect(res.code, res.msg).toBe(0);
        const got = await getPublishedTrace(env().db, id);
        if (got?.status !== 'published') throw new Error('not published');
        expect(Object.keys(got.trace).sort(), left).toEqual(['publishedAt', 'version', ...sections].sort());
        // and alone, it is there
        await env().post(`${P}/publishBatch`, token, { id, sections: [left] });
        const alone = await getPublishedTrace(env().db, id);
        if (alone?.status !== 'published') throw new Error('not published');
        expect(Object.keys(alone.trace).sort(), left).toEqual([left, 'publishedAt', 'version'].sort());
      }
      // values that only one section carries are absent with it
      const only = {
        product: 'LOT-',
        certificate: '测试生产者合作社',
        reports: '测试检测中心',
        videos: '隔离测试视频',
        timeline: '隔离测试农药',
      };
      for (const [section, marker] of Object.entries(only)) {
        await env().post(`${P}/publishBatch`, token, { id, sections: TRACE_SECTIONS.filter((s) => s !== section) });
        expect(JSON.stringify(await getPublishedTrace(env().db, id)), section).not.toContain(marker);
      }
    });

    it('never publishes a person or a note', async () => {
      const id = await addBatch();
      await env().post(`${P}/publishBatch`, token, { id, sections: [...TRACE_SECTIONS] });
      const text = JSON.stringify(await getPublishedTrace(env().db, id));
      expect(text).toContain('测试番茄');
      for (const marker of Object.values(PRIVATE_MARKERS)) expect(text).not.toContain(marker);
    });

    it('freezes the snapshot; withdrawal takes it down; files only by a live token', async () => {
      expect(await getPublishedTrace(env().db, 987654)).toBeNull();
      const id = await addBatch();
      expect(await getPublishedTrace(env().db, id)).toBeNull();
      await env().post(`${P}/publishBatch`, token, { id, sections: ['product', 'reports'] });
      const first = await getPublishedTrace(env().db, id);
      if (first?.status !== 'published') throw new Error('not published');
      expect(first).toMatchObject({ merchantId: env().ids.merchant.farm, parkId: park });
      const url = first.trace.reports?.[0].fileUrl ?? '';
      expect(url).toMatch(/^\/api\/public\/trace\/file\/[0-9a-f]{32}$/);
      const file = await env().app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.body.startsWith('%PDF-')).toBe(true);

      // an edit does not reach consumers until published again
      await env().post(`${P}/updateBatch`, token, {
        ...batchBody(park, rows, 'LOT-FROZEN'),
        id,
        productName: '改名番茄',
      });
      const after = await getPublishedTrace(env().db, id);
      expect(JSON.stringify(after)).not.toContain('改名番茄');
      const listed = await env().get<TraceBatchDetail>(`${P}/getBatchDetail`, token, { id: String(id) });
      expect(listed.data).toMatchObject({ status: 'published', changedSincePublish: true });

      await env().post(`${P}/publishBatch`, token, { id, sections: ['product', 'reports'] });
      const second = await getPublishedTrace(env().db, id);
      if (second?.status !== 'published') throw new Error('not published');
      expect(second.trace).toMatchObject({ version: 2, product: { name: '改名番茄' } });
      expect(await fetchPublic(url)).toBe(Code.NOT_FOUND);
      const newUrl = second.trace.reports?.[0].fileUrl ?? '';
      expect(await fetchPublic(newUrl)).toBe('application/pdf');

      // unpublishing is a withdrawal now (issue 24): an administrator's, with a reason and the day consumers read
      const today = dayIn(await zoneOfPark(env().db, park, 'Asia/Shanghai'), Date.now());
      const withdraw = { id, reason: '复检', withdrawnOn: today };
      expect((await env().post(`${P}/withdrawBatch`, token, withdraw)).code).toBe(0);
      expect(await getPublishedTrace(env().db, id)).toMatchObject({ status: 'withdrawn', withdrawnOn: today });
      expect(await fetchPublic(newUrl)).toBe(Code.NOT_FOUND);
      expect((await env().post(`${P}/withdrawBatch`, token, withdraw)).code).toBe(Code.CONFLICT);
      const withdrawn = await env().get<TraceBatchDetail>(`${P}/getBatchDetail`, token, { id: String(id) });
      expect(withdrawn.data.status).toBe('withdrawn');
    });

    it('refuses a certificate without its fields and a report without a file', async () => {
      const id = await addBatch({ producer: '' });
      const res = await env().post(`${P}/publishBatch`, token, { id, sections: ['certificate'] });
      expect(res.code).toBe(Code.CONFLICT);
      const bare = await testReport(env().db, env().ids.merchant.farm, park);
      const id2 = await addBatch({ reportIds: [bare] });
      expect((await env().post(`${P}/publishBatch`, token, { id: id2, sections: ['reports'] })).code).toBe(
        Code.CONFLICT,
      );
      expect((await env().post(`${P}/publishBatch`, token, { id: id2, sections: [] })).code).toBe(Code.VALIDATION);
    });

    it('keeps other merchants out', async () => {
      const id = await addBatch();
      const intruder = await env().login('demo2');
      for (const url of ['getBatchDetail', 'getBatchPreview', 'getPublishedTrace'])
        expect((await env().get(`${P}/${url}`, intruder, { id: String(id) })).code).toBe(Code.NOT_FOUND);
      expect((await env().post(`${P}/publishBatch`, intruder, { id, sections: ['product'] })).code).toBe(
        Code.NOT_FOUND,
      );
      expect((await env().post(`${P}/removeBatch`, intruder, { id: [id] })).code).toBe(Code.NOT_FOUND);
    });
  });
});
