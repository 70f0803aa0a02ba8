import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { publishBatch } from '../batches/published';
import { generated } from '../codes/jobFixture';
import { codesOfBatch } from '../codes/repo';
import { codeBatch, publicScan } from '../codes/testFixture';
import { parseDigitalLink } from './digitalLink';

/** 6901234567892 is a valid GTIN-13 (kept as the GTIN-14 06901234567892); ...893 has a wrong check digit. */
const GTIN13 = '6901234567892';
const GTIN14 = `0${GTIN13}`;
const OTHER_GTIN = '06901234567809';

describeEachEngine('GS1 Digital Link resolver (issue 24)', (env) => {
  let code: string;
  const open = (url: string, headers: Record<string, string> = {}) =>
    env().app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN', ...headers } });

  beforeAll(async () => {
    const token = await env().login('demo');
    const { ids, db } = env();
    const batch = await codeBatch(db, ids.merchant.farm, ids.parks.farm[0], { gtin: GTIN14, lot: 'GS1-LOT' });
    const scope = { merchantId: batch.merchant_id, groupIds: [batch.group_id] };
    await publishBatch(db, scope, ids.users.demo, batch.id, ['product']);
    await generated(env(), token, batch.id, 2);
    [{ code }] = await codesOfBatch(db, batch);
  });

  it('parses the paths GS1 writes, and names the part that is wrong', () => {
    expect(parseDigitalLink(`/01/${GTIN13}/10/A1/21/XY`)).toEqual({
      ok: true,
      link: { gtin: GTIN14, lot: 'A1', serial: 'XY' },
    });
    expect(parseDigitalLink('/01/96385074')).toMatchObject({ ok: true, link: { gtin: '00000096385074' } });
    expect(parseDigitalLink('/01/6901234567893')).toMatchObject({ ok: false, part: 'checkDigit' });
    expect(parseDigitalLink('/01/12345')).toMatchObject({ ok: false, part: 'gtin' });
    expect(parseDigitalLink(`/01/${GTIN13}/21/X/10/A`)).toMatchObject({ ok: false, part: 'path' });
    expect(parseDigitalLink(`/01/${GTIN13}/10/${'L'.repeat(21)}`)).toMatchObject({ ok: false, part: 'lot' });
  });

  it('answers bad syntax with 400 and a page in the reader language, never JSON', async () => {
    for (const [lang, words] of [
      ['zh-CN', '校验位不正确'],
      ['en-US', 'check digit of the GTIN is wrong'],
    ]) {
      const res = await open('/01/6901234567893', { 'accept-language': lang });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(words);
      expect(res.body.trimStart().startsWith('{')).toBe(false);
    }
    const short = await open('/01/12345/21/<script>');
    expect(short.statusCode).toBe(400);
    expect(short.body).not.toContain('<script>');
  });

  it('opens the product page for /01/{gtin} and the code page for a serial, never the staff login', async () => {
    const product = await open(`/01/${GTIN13}`);
    expect(product.statusCode).toBe(302);
    expect(product.headers.location).toBe(`/OC?gtin=${GTIN14}`);
    const serial = await open(`/01/${GTIN14}/21/${code}`);
    expect(serial.headers.location).toBe(`/OC?code=${code}&gtin=${GTIN14}`);
    const full = await open(`/01/${GTIN14}/10/GS1-LOT/21/${code}`);
    expect(full.headers.location).toBe(`/OC?code=${code}&gtin=${GTIN14}&lot=GS1-LOT`);
    // what the product page reads: the newest published batch of the GTIN
    const read = await env().app.inject({ method: 'GET', url: '/api/public/trace/product', query: { gtin: GTIN13 } });
    expect(read.json().data).toMatchObject({ status: 'ok', scanCount: 0, trace: { product: { lot: 'GS1-LOT' } } });
    const none = await env().app.inject({
      method: 'GET',
      url: '/api/public/trace/product',
      query: { gtin: OTHER_GTIN },
    });
    expect(none.json().data.status).toBe('unknown');
  });

  it('answers the link set for linkType=all', async () => {
    const res = await open(`/01/${GTIN14}/10/GS1-LOT/21/${code}?linkType=all`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/linkset\+json/);
    const [set] = res.json().linkset;
    expect(set.anchor).toMatch(new RegExp(`/01/${GTIN14}/10/GS1-LOT/21/${code}$`));
    expect(set['https://gs1.org/voc/defaultLink'][0].href).toContain(`/OC?code=${code}`);
    expect(set['https://gs1.org/voc/pip'][0].href).toContain(`/OC?gtin=${GTIN14}&lot=GS1-LOT`);
  });

  it('says a genuine code under another GTIN or lot belongs to another product, and does not count it', async () => {
    const wrongGtin = await publicScan(env(), { code, gtin: OTHER_GTIN, lot: 'GS1-LOT' });
    expect(wrongGtin.data).toMatchObject({ status: 'mismatch', scanCount: 0, trace: null });
    const wrongLot = await publicScan(env(), { code, gtin: GTIN14, lot: 'OTHER' });
    expect(wrongLot.data.status).toBe('mismatch');
    const right = await publicScan(env(), { code, gtin: GTIN13, lot: 'GS1-LOT' });
    expect(right.data).toMatchObject({ status: 'ok', scanCount: 1 });
  });
});
