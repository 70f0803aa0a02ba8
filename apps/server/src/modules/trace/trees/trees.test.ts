import { Code, type Tree, type TreeCare, type TreeDetail } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { picture } from '../../../test/pictures';
import { isTraceCodeShape } from '../codes/generator';
import { firstPlot, treeBody } from './testFixture';

const T = '/api/merchant/trace/tree';

describeEachEngine('one tree one code: trees, care records, photos and tags', (env) => {
  let [demo, demo2] = ['', ''];
  let [groupId, plotId] = [0, 0];
  beforeAll(async () => {
    [demo, demo2] = await Promise.all([env().login('demo'), env().login('demo2')]);
    groupId = env().ids.parks.farm[0];
    plotId = await firstPlot(env().db, groupId);
  });
  const tree = (extra: object = {}) => ({ ...treeBody(groupId, plotId), ...extra });
  const detail = async (id: number, token = demo) =>
    env().get<TreeDetail>(`${T}/getTreeDetail`, token, { id: `${id}` });

  it('adds trees with unguessable codes of their own, lists, edits and removes them', async () => {
    const a = await env().post<{ id: number }>(`${T}/addTree`, demo, tree(), true);
    expect(a.code, a.msg).toBe(0);
    const b = await env().post<{ id: number }>(`${T}/addTree`, demo, tree({ species: '测试银杏', variety: '' }));
    expect(b.code, b.msg).toBe(0);
    const [da, db] = [(await detail(a.data.id)).data, (await detail(b.data.id)).data];
    expect(isTraceCodeShape(da.code) && isTraceCodeShape(db.code)).toBe(true);
    expect(da.code).not.toBe(db.code);
    expect(da).toMatchObject({ species: '测试柑橘', variety: '沃柑', plantedYear: 2019, groupId, areaPointId: plotId });
    expect(da.plotName).not.toBe('');
    expect(da.publicUrl).toMatch(new RegExp(`/TC\\?code=${da.code}$`));

    const list = await env().get<{ list: Tree[]; total: number }>(`${T}/getTreeList`, demo, { keyword: '测试银杏' });
    expect(list.data.list.map((t) => t.id)).toEqual([b.data.id]);

    const alter = await env().post(`${T}/alterTree`, demo, tree({ id: a.data.id, plantedYear: 2020, variety: '' }));
    expect(alter.code, alter.msg).toBe(0);
    expect((await detail(a.data.id)).data).toMatchObject({ plantedYear: 2020, variety: '', code: da.code });

    const rm = await env().post(`${T}/removeTree`, demo, { id: [b.data.id] });
    expect(rm.code, rm.msg).toBe(0);
    expect((await detail(b.data.id)).code).toBe(Code.NOT_FOUND);
  });

  it('refuses a plot of another park, a year to come, and another merchant', async () => {
    const other = env().ids.parks.farm[1];
    const wrongPlot = await env().post(`${T}/addTree`, demo, tree({ groupId: other }));
    expect(wrongPlot.code).toBe(Code.NOT_FOUND);
    const future = await env().post(`${T}/addTree`, demo, tree({ plantedYear: new Date().getFullYear() + 2 }));
    expect(future.code).toBe(Code.VALIDATION);
    const mine = await env().post<{ id: number }>(`${T}/addTree`, demo, tree());
    expect((await detail(mine.data.id, demo2)).code).toBe(Code.NOT_FOUND);
    expect((await env().post(`${T}/alterTree`, demo2, tree({ id: mine.data.id }))).code).toBe(Code.NOT_FOUND);
    expect((await env().post(`${T}/removeTree`, demo2, { id: [mine.data.id] })).code).toBe(Code.NOT_FOUND);
    const theirs = await env().get<{ list: Tree[] }>(`${T}/getTreeList`, demo2);
    expect(theirs.data.list.some((t) => t.id === mine.data.id)).toBe(false);
  });

  it('records care as farm work on the tree, lists it and removes it', async () => {
    const t = await env().post<{ id: number }>(`${T}/addTree`, demo, tree({ species: '测试护理' }));
    const care = await env().post<{ id: number }>(`${T}/addTreeCare`, demo, {
      treeId: t.data.id,
      type: 'pruning',
      doneOn: '2026-03-02',
      notes: '修剪徒长枝',
    });
    expect(care.code, care.msg).toBe(0);
    const row = await env()
      .db.selectFrom('production_farm_work')
      .select(['tree_id', 'status', 'area_point_id', 'done_on'])
      .where('id', '=', care.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ tree_id: t.data.id, status: 'done', area_point_id: plotId, done_on: '2026-03-02' });
    const list = await env().get<TreeCare[]>(`${T}/getTreeCareList`, demo, { treeId: `${t.data.id}` });
    expect(list.data).toEqual([
      {
        farmWorkId: care.data.id,
        type: 'pruning',
        status: 'done',
        day: '2026-03-02',
        notes: '修剪徒长枝',
        materials: [],
      },
    ]);
    expect((await detail(t.data.id)).data.careCount).toBe(1);
    expect((await env().get(`${T}/getTreeCareList`, demo2, { treeId: `${t.data.id}` })).code).toBe(Code.NOT_FOUND);
    const foreign = await env().post(`${T}/removeTreeCare`, demo2, {
      treeId: t.data.id,
      farmWorkId: care.data.id,
    });
    expect(foreign.code).toBe(Code.NOT_FOUND);
    const rm = await env().post(`${T}/removeTreeCare`, demo, { treeId: t.data.id, farmWorkId: care.data.id });
    expect(rm.code, rm.msg).toBe(0);
    expect((await env().get<TreeCare[]>(`${T}/getTreeCareList`, demo, { treeId: `${t.data.id}` })).data).toEqual([]);
  });

  it('keeps checked photos, serves them to the merchant, and prints tag sheets', async () => {
    const t = await env().post<{ id: number }>(`${T}/addTree`, demo, tree({ species: '测试照片' }));
    const up = await env().call<{ id: number }>({
      method: 'POST',
      url: `${T}/uploadTreePhoto/${t.data.id}`,
      token: demo,
      headers: { 'content-type': 'image/png' },
      payload: await picture('png'),
    });
    expect(up.code, up.msg).toBe(0);
    const d = (await detail(t.data.id)).data;
    expect(d.photos.map((p) => p.id)).toEqual([up.data.id]);
    const img = await env().app.inject({ method: 'GET', url: d.photos[0].url, headers: { AuthToken: demo } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await env().get(d.photos[0].url, demo2)).code).toBe(Code.NOT_FOUND);

    const pdf = await env().app.inject({
      method: 'GET',
      url: `${T}/exportTreeTags`,
      query: { ids: `${t.data.id}`, size: '40x60' },
      headers: { AuthToken: demo },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const foreign = await env().get(`${T}/exportTreeTags`, demo2, { ids: `${t.data.id}` });
    expect(foreign.code).toBe(Code.NOT_FOUND);
  });

  it('seeds demo trees with care records, Demo Farm first (tree 1 is its own)', async () => {
    const list = await env().get<{ list: Tree[]; total: number }>(`${T}/getTreeList`, demo, { groupId: `${groupId}` });
    const seeded = list.data.list.filter((t) => t.species === '柑橘');
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({ careCount: 3, plotName: expect.any(String) });
    expect(seeded[0].longitude).not.toBeNull();
    const first = await env()
      .db.selectFrom('trace_trees')
      .select('merchant_id')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(first.merchant_id).toBe(env().ids.merchant.farm);
  });
});
