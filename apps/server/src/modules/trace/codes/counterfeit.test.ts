import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeStats, Paged, SuspectedCodeRow } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { publishBatch } from '../batches/published';
import { generated } from './jobFixture';
import { createPlaceBook, distanceKm } from './places';
import { codesOfBatch } from './repo';
import { createScanner } from './scans';
import { codeBatch, publicScan } from './testFixture';

const API = '/api/merchant/traceCode';
const BATCH = '/api/merchant/trace/batch';
/** Addresses of the built-in place table (RFC 5737): Beijing, Urumqi. */
const BEIJING = '192.0.2.';
const URUMQI = '203.0.113.';

describeEachEngine('one item one code: counterfeit and diverted-goods evidence', (env) => {
  let token: string;
  let batch: Awaited<ReturnType<typeof codeBatch>>;
  let codes: string[];
  let scanner: ReturnType<typeof createScanner>;
  const flagged = async (t = token) =>
    (await env().get<Paged<SuspectedCodeRow>>(`${API}/getSuspectedCodeList`, t, { batchId: String(batch.id) })).data;

  beforeAll(async () => {
    token = await env().login('demo');
    const { ids, db } = env();
    batch = await codeBatch(db, ids.merchant.farm, ids.parks.farm[0], { lot: 'FAKE-1' });
    await publishBatch(db, { merchantId: batch.merchant_id, groupIds: [batch.group_id] }, ids.users.demo, batch.id, [
      'product',
    ]);
    await generated(env(), token, batch.id, 8);
    codes = (await codesOfBatch(db, batch)).map((c) => c.code);
    const dir = mkdtempSync(join(tmpdir(), 'places-'));
    writeFileSync(join(dir, 'ip-places.csv'), '# cidr,name,lat,lon,region\n100.64.1.0/24,杭州,30.27,120.15,zhejiang\n');
    scanner = createScanner(db, createPlaceBook(dir));
  });

  it('reads the place table: operator ranges with their region, the built-in ones, unknown addresses', () => {
    const places = createPlaceBook(mkdtempSync(join(tmpdir(), 'places-')));
    expect(places.placeOf(`${BEIJING}7`)).toMatchObject({ name: 'beijing', region: 'beijing' });
    expect(places.placeOf(`${URUMQI}9`)).toMatchObject({ name: 'urumqi', region: 'xinjiang' });
    expect(places.placeOf('8.8.8.8')).toBeNull();
    expect(distanceKm({ lat: 39.9, lon: 116.4 }, { lat: 43.83, lon: 87.62 })).toBeGreaterThan(2000);
  });

  it('never suspects a code from how often one address asks, however many visit ids it makes up', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await publicScan(env(), { code: codes[0] });
      expect(res.data.status).toBe('ok');
    }
    expect((await publicScan(env(), { code: codes[0] })).data.scanCount).toBe(41);
    expect((await flagged()).list.map((c) => c.code)).not.toContain(codes[0]);
  });

  it('suspects a code scanned from places far apart within the window, and shows the operator why', async () => {
    // scans dated in the past: a day's statistics count no scan of tomorrow
    const now = Date.now() - 60_000;
    const first = await scanner.scanCode({ code: codes[1], visit: 'visit-beijing-0001', ip: `${BEIJING}7`, now });
    expect(first.status).toBe('ok');
    // Beijing to Urumqi is about 2,400 km, over the 500 km rule
    const far = await scanner.scanCode({
      code: codes[1],
      visit: 'visit-urumqi-00001',
      ip: `${URUMQI}9`,
      now: now + 30_000,
    });
    expect(far.status).toBe('suspected');
    const row = (await flagged()).list.find((c) => c.code === codes[1]);
    expect(row).toMatchObject({ state: 'suspected', suspectReason: 'farApart', firstScanPlace: 'beijing' });
    expect(row?.suspectEvidence?.scans).toEqual([
      { place: 'beijing', at: now },
      { place: 'urumqi', at: now + 30_000 },
    ]);
    expect(row?.suspectEvidence?.km).toBeGreaterThan(2000);
    // near places do not: two scans in Beijing's range; nor do unknown places
    await scanner.scanCode({ code: codes[2], visit: 'visit-beijing-0002', ip: `${BEIJING}8`, now });
    expect(
      (await scanner.scanCode({ code: codes[2], visit: 'visit-beijing-0003', ip: `${BEIJING}9`, now })).status,
    ).toBe('ok');
    expect((await scanner.scanCode({ code: codes[2], visit: 'visit-nowhere-0001', ip: '8.8.8.8', now })).status).toBe(
      'ok',
    );
    // outside the window, distance is no evidence
    const earlier = now - 25 * 3_600_000;
    await scanner.scanCode({ code: codes[3], visit: 'visit-beijing-0004', ip: `${BEIJING}10`, now: earlier });
    expect(
      (await scanner.scanCode({ code: codes[3], visit: 'visit-urumqi-00002', ip: `${URUMQI}10`, now })).status,
    ).toBe('ok');
    // another merchant does not see it
    const foreign = await flagged(await env().login('demo2'));
    expect(foreign.list.map((c) => c.code)).not.toContain(codes[1]);
  });

  it('flags a scan far from every region the batch was shipped to as diverted (窜货), for the operator only', async () => {
    const add = await env().post<{ id: number }>(`${BATCH}/addShipment`, token, {
      batchId: batch.id,
      buyer: '北京新发地批发商',
      contact: '010-12345678',
      quantity: 300,
      unit: 'kg',
      shippedOn: '2026-11-01',
      region: 'beijing',
      place: '丰台',
    });
    expect(add.code).toBe(0);
    await new Promise((r) => setTimeout(r, 2_100));
    const now = Date.now();
    // in the shipment's own region: nothing to see
    expect(
      (await scanner.scanCode({ code: codes[4], visit: 'visit-beijing-0005', ip: `${BEIJING}11`, now })).status,
    ).toBe('ok');
    // Hangzhou (an operator's range) is over 1,000 km from Beijing; the consumer is not warned
    const away = await scanner.scanCode({ code: codes[5], visit: 'visit-hangzhou-001', ip: '100.64.1.9', now });
    expect(away.status).toBe('ok');
    const row = (await flagged()).list.find((c) => c.code === codes[5]);
    expect(row?.state).toBe('active');
    expect(row?.divertedAt).toBe(now);
    expect(row?.divertEvidence).toMatchObject({
      place: '杭州',
      at: now,
      shipmentId: add.data.id,
      buyer: '北京新发地批发商',
      region: 'beijing',
    });
    expect(row?.divertEvidence?.km).toBeGreaterThan(1000);
    const stats = await env().get<CodeStats>(`${API}/getCodeStats`, token, { batchId: String(batch.id), days: '3' });
    expect(stats.data).toMatchObject({ suspected: 1, diverted: 1 });
    expect(stats.data.days.reduce((s, d) => s + d.scans, 0)).toBe(stats.data.scans);
  });

  it('keeps the rule editable without a scan count', async () => {
    const saved = await env().post(`${API}/alterCodeSettings`, token, { farKm: 800, windowHours: 12 }, true);
    expect(saved).toMatchObject({ code: 0, data: { farKm: 800, windowHours: 12 } });
    expect((await env().get(`${API}/getCodeSettings`, token)).data).toEqual({ farKm: 800, windowHours: 12 });
  });
});
