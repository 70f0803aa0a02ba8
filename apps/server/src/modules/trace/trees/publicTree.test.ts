import { Code, type PublicTreeAnswer, type TreeDetail } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { picture } from '../../../test/pictures';
import { firstPlot, treeBody } from './testFixture';

const T = '/api/merchant/trace/tree';
const PUBLIC = '/api/public/trace/tree';

describeEachEngine('one tree one code: the public tree API', (env) => {
  let demo: string;
  let tree: TreeDetail;
  beforeAll(async () => {
    demo = await env().login('demo');
    const groupId = env().ids.parks.farm[0];
    const body = treeBody(groupId, await firstPlot(env().db, groupId), {
      species: '公开柑橘',
      plantedYear: 2018,
      remark: '内部备注不可公开',
    });
    const added = await env().post<{ id: number }>(`${T}/addTree`, demo, body);
    await env().post(`${T}/addTreeCare`, demo, {
      treeId: added.data.id,
      type: 'fertilising',
      doneOn: '2026-04-01',
      notes: '内部农事备注',
    });
    await env().call({
      method: 'POST',
      url: `${T}/uploadTreePhoto/${added.data.id}`,
      token: demo,
      headers: { 'content-type': 'image/png' },
      payload: await picture('png'),
    });
    tree = (await env().get<TreeDetail>(`${T}/getTreeDetail`, demo, { id: `${added.data.id}` })).data;
  });
  const scan = (code: string, visit?: string, ip = '203.0.113.7') =>
    env()
      .app.inject({ method: 'GET', url: PUBLIC, query: { code, ...(visit ? { visit } : {}) }, remoteAddress: ip })
      .then((r) => r.json() as { code: number; data: PublicTreeAnswer });

  it('answers public fields only, without a login', async () => {
    const res = await scan(tree.code, 'visit-a');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 'ok', scanCount: 1, timeZone: expect.any(String) });
    expect(Object.keys(res.data.tree ?? {}).sort()).toEqual(
      ['care', 'code', 'farm', 'photos', 'plantedYear', 'plot', 'species', 'variety'].sort(),
    );
    expect(res.data.tree).toMatchObject({
      species: '公开柑橘',
      variety: '沃柑',
      plantedYear: 2018,
      plot: tree.plotName,
    });
    expect(res.data.tree?.care).toEqual([{ day: '2026-04-01', type: 'fertilising', materials: [] }]);
    const text = JSON.stringify(res);
    for (const secret of ['内部备注不可公开', '内部农事备注', '120.1', '30.2']) expect(text).not.toContain(secret);
    // the photo is served to anyone holding the code, and to nobody without it
    const photoUrl = res.data.tree?.photos[0] ?? '';
    const photo = await env().app.inject({ method: 'GET', url: photoUrl });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const guessed = photoUrl.replace(tree.code, '0000000000000');
    expect((await env().get(guessed)).code).toBe(Code.NOT_FOUND);
  });

  it('counts a scan once per visit, the first scan kept', async () => {
    const again = await scan(tree.code, 'visit-a');
    expect(again.data.scanCount).toBe(1);
    const other = await scan(tree.code.toLowerCase(), 'visit-b');
    expect(other.data.scanCount).toBe(2);
    expect(other.data.firstScanAt).toBe(again.data.firstScanAt);
    // the page names its visit in a header, as the product code page does
    const byHeader = () =>
      env()
        .app.inject({
          method: 'GET',
          url: PUBLIC,
          query: { code: tree.code },
          headers: { 'x-visit-id': 'visit-header-1' },
        })
        .then((r) => r.json() as { data: PublicTreeAnswer });
    expect((await byHeader()).data.scanCount).toBe(3);
    expect((await byHeader()).data.scanCount).toBe(3);
    const list = await env().get<TreeDetail>(`${T}/getTreeDetail`, demo, { id: `${tree.id}` });
    expect(list.data).toMatchObject({ scanCount: 3, firstScanAt: again.data.firstScanAt });
  });

  it('says unknown for a code that is not a tree, and limits each address', async () => {
    const unknown = await scan('ZZZZZZZZZZZZZ', 'visit-c');
    expect(unknown.data).toMatchObject({ status: 'unknown', scanCount: 0, tree: null });
    const codes: number[] = [];
    for (let i = 0; i < 125; i++) codes.push((await scan('ZZZZZZZZZZZZZ', undefined, '198.51.100.9')).code);
    expect(codes.filter((c) => c === Code.RATE_LIMITED).length).toBe(5);
    expect((await scan(tree.code, 'visit-d', '198.51.100.10')).code).toBe(0);
  });
});
