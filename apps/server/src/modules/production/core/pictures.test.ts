import { Code } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, signedIn } from '../../../test/harness';
import { HTML_AS_JPG, picture } from '../../../test/pictures';
import { P } from './permits';
import { type ProductionRows, productionRows } from './testFixture';

describeEachEngine('production pictures: photos of people, pictures of crops', (env) => {
  const token = signedIn(env, 'demo', 'demo2');
  let rows: ProductionRows;
  beforeAll(async () => {
    rows = await productionRows(env().db, env().ids.merchant.farm, env().ids.parks.farm[0]);
  });

  const upload = (url: string, token: string, body: Buffer, type = 'image/png') =>
    env().call({ method: 'POST', url, token, headers: { 'content-type': type }, payload: body });

  it('keeps a checked photo and serves it to the merchant only', async () => {
    const up = await upload(`${P}/personnel/uploadPhoto/${rows.personId}`, token.demo, await picture('png'));
    expect(up.code, up.msg).toBe(0);
    const list = await env().get<{ list: { id: number; photoUrl: string | null }[] }>(
      `${P}/personnel/getPersonnelList`,
      token.demo,
      { keyword: '测试采收员' },
    );
    const url = list.data.list.find((p) => p.id === rows.personId)?.photoUrl;
    expect(url).toMatch(new RegExp(`/personnel/photo/${rows.personId}\\?v=`));
    const img = await env().app.inject({ method: 'GET', url: url as string, headers: { AuthToken: token.demo } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const foreign = await env().get(url as string, token.demo2);
    expect(foreign.code).toBe(Code.NOT_FOUND);
    const foreignUpload = await upload(
      `${P}/personnel/uploadPhoto/${rows.personId}`,
      token.demo2,
      await picture('png'),
    );
    expect(foreignUpload.code).toBe(Code.NOT_FOUND);
  });

  it('refuses what is not a picture, and a crop of another merchant', async () => {
    const html = await upload(`${P}/crop/uploadPicture/${rows.cropId}`, token.demo, HTML_AS_JPG, 'image/jpeg');
    expect(html.code).toBe(Code.VALIDATION);
    const ok = await upload(`${P}/crop/uploadPicture/${rows.cropId}`, token.demo, await picture('jpeg'), 'image/jpeg');
    expect(ok.code, ok.msg).toBe(0);
    const crops = await env().get<{ list: { id: number; pictureUrl: string | null }[] }>(
      `${P}/crop/getCropList`,
      token.demo,
      {
        keyword: '测试番茄',
      },
    );
    expect(crops.data.list.find((c) => c.id === rows.cropId)?.pictureUrl).toContain(`/crop/picture/${rows.cropId}?v=`);
    expect((await env().get(`${P}/crop/picture/${rows.cropId}`, token.demo2)).code).toBe(Code.NOT_FOUND);
    const foreign = await upload(
      `${P}/crop/uploadPicture/${rows.cropId}`,
      token.demo2,
      await picture('jpeg'),
      'image/jpeg',
    );
    expect(foreign.code).toBe(Code.NOT_FOUND);
  });
});
