import {
  Code,
  type Paged,
  type VideoCamera,
  type WallLayouts,
  type WallTour,
  type WallView,
} from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, signedIn } from '../../test/harness';
import { addUser, USER_PASSWORD } from '../../test/users';

const W = '/api/merchant/video/wall';
type Detail = { field: string; rule: string; params?: object }[];

describeEachEngine('video wall views and tours', (env) => {
  const token = signedIn(env, 'demo', 'operator', 'demo2');
  let cams: number[] = [];
  let watcher = '';
  beforeAll(async () => {
    cams = (await env().get<VideoCamera[]>('/api/merchant/video/camera/list', token.demo)).data.map((c) => c.id);
    const roles = await env().get<Paged<{ roleId: number; isAdmin: boolean }>>(
      '/api/merchant/role/getRoleList',
      token.demo,
    );
    const roleId = roles.data.list.find((r) => r.isAdmin)?.roleId as number;
    await addUser(env(), token.demo, {
      loginName: 'watcher',
      userName: '值班员',
      roleId,
      groupIds: env().ids.parks.farm,
    });
    watcher = await env().login('watcher', USER_PASSWORD);
  });
  const layouts = async (t: string) => (await env().get<WallLayouts>(`${W}/getWallLayouts`, t)).data;

  it("keeps a user's views and a tour through them, as saved and renamed", async () => {
    expect(cams.length).toBeGreaterThanOrEqual(2);
    expect(await layouts(token.demo)).toEqual({ views: [], tours: [] });
    const gate = await env().post<WallView>(`${W}/saveWallView`, token.demo, {
      name: '大门',
      split: 4,
      tiles: [
        { tile: 2, cameraId: cams[1] },
        { tile: 0, cameraId: cams[0] },
      ],
    });
    expect(gate.code, gate.msg).toBe(0);
    // tiles come back in wall order
    expect(gate.data).toMatchObject({
      name: '大门',
      split: 4,
      tiles: [
        { tile: 0, cameraId: cams[0] },
        { tile: 2, cameraId: cams[1] },
      ],
    });
    // a form body sends the tiles as JSON text
    const one = await env().post<WallView>(
      `${W}/saveWallView`,
      token.demo,
      {
        name: 'One',
        split: '1',
        tiles: JSON.stringify([{ tile: 0, cameraId: cams[1] }]),
      },
      true,
    );
    expect(one.code, one.msg).toBe(0);
    const renamed = await env().post<WallView>(`${W}/saveWallView`, token.demo, {
      id: gate.data.id,
      name: '大门与育苗',
      split: 4,
      tiles: gate.data.tiles,
    });
    expect(renamed.code, renamed.msg).toBe(0);
    const tour = await env().post<WallTour>(`${W}/saveWallTour`, token.demo, {
      name: '夜巡',
      viewIds: [gate.data.id, one.data.id],
      viewSeconds: 15,
    });
    expect(tour.code, tour.msg).toBe(0);
    const read = await layouts(token.demo);
    expect(read.views.map((v) => v.name)).toEqual(['One', '大门与育苗']);
    expect(read.tours).toEqual([
      { id: tour.data.id, name: '夜巡', viewIds: [gate.data.id, one.data.id], viewSeconds: 15 },
    ]);

    // removing a view takes it out of the tour, not the tour away
    expect((await env().post(`${W}/removeWallLayout`, token.demo, { id: one.data.id })).code).toBe(0);
    const after = await layouts(token.demo);
    expect(after.views.map((v) => v.id)).toEqual([gate.data.id]);
    expect(after.tours[0].viewIds).toEqual([gate.data.id]);
  });

  it('refuses a bad view or tour under its field, changing nothing', async () => {
    const before = await layouts(token.demo);
    const refused = async (path: string, body: object) => {
      const res = await env().post<Detail>(`${W}/${path}`, token.demo, body);
      expect(res.code, JSON.stringify(body)).toBe(Code.VALIDATION);
      return res.data.map((d) => `${d.field}:${d.rule}`);
    };
    const tile = (t: number, c: number) => ({ tile: t, cameraId: c });
    expect(await refused('saveWallView', { name: 'x', split: 3, tiles: [] })).toEqual(['split:oneOf']);
    expect(await refused('saveWallView', { name: ' ', split: 4, tiles: [] })).toEqual(['name:required']);
    // another view of the same name (the tour may share it: a different kind)
    expect(await refused('saveWallView', { name: '大门与育苗', split: 1, tiles: [] })).toEqual(['name:duplicate']);
    expect(await refused('saveWallView', { name: 'x', split: 4, tiles: [tile(4, cams[0])] })).toEqual([
      'tiles.0.tile:max',
    ]);
    expect(await refused('saveWallView', { name: 'x', split: 4, tiles: [tile(0, cams[0]), tile(0, cams[1])] })).toEqual(
      ['tiles.1:repeated'],
    );
    expect(await refused('saveWallView', { name: 'x', split: 4, tiles: [tile(0, cams[0]), tile(1, cams[0])] })).toEqual(
      ['tiles.1:repeated'],
    );
    const unknownCamera = await env().post<Detail>(`${W}/saveWallView`, token.demo, {
      name: 'x',
      split: 4,
      tiles: [tile(0, 999_999)],
    });
    expect(unknownCamera.code).toBe(Code.NOT_FOUND);
    expect(unknownCamera.data).toEqual([
      { field: 'tiles.0.cameraId', rule: 'unknownValue', params: { value: 999_999 } },
    ]);
    const gate = before.views[0].id;
    expect(await refused('saveWallTour', { name: 't', viewIds: [gate], viewSeconds: 10 })).toEqual([
      'viewIds:minItems',
    ]);
    const unknownView = await env().post<Detail>(`${W}/saveWallTour`, token.demo, {
      name: 't',
      viewIds: [gate, gate + 1000],
      viewSeconds: 10,
    });
    expect(unknownView.code).toBe(Code.NOT_FOUND);
    expect(unknownView.data.map((d) => `${d.field}:${d.rule}`)).toEqual(['viewIds.1:unknownValue']);
    expect(await refused('saveWallTour', { name: 't', viewIds: [gate, gate], viewSeconds: 2 })).toEqual([
      'viewSeconds:min',
    ]);
    expect(await layouts(token.demo)).toEqual(before);
  });

  it("keeps each user's own: another user, another merchant and a user without the wall reach none of them", async () => {
    const mine = await layouts(token.demo);
    const id = mine.views[0].id;
    const body = { id, name: 'taken', split: 1, tiles: [] };
    expect(await layouts(watcher)).toEqual({ views: [], tours: [] });
    expect(await layouts(token.demo2)).toEqual({ views: [], tours: [] });
    for (const t of [watcher, token.demo2]) {
      expect((await env().post(`${W}/saveWallView`, t, body)).code).toBe(Code.NOT_FOUND);
      expect((await env().post(`${W}/removeWallLayout`, t, { id })).code).toBe(Code.NOT_FOUND);
      const tour = await env().post(`${W}/saveWallTour`, t, { name: 't', viewIds: [id, id], viewSeconds: 10 });
      expect(tour.code).toBe(Code.NOT_FOUND);
    }
    // another merchant's cameras are unknown to it
    const foreign = await env().post<Detail>(`${W}/saveWallView`, token.demo2, {
      name: 'x',
      split: 1,
      tiles: [{ tile: 0, cameraId: cams[0] }],
    });
    expect(foreign.code).toBe(Code.NOT_FOUND);
    expect(foreign.data.map((d) => d.field)).toEqual(['tiles.0.cameraId']);
    expect((await env().get(`${W}/getWallLayouts`, token.operator)).code).toBe(Code.PERMISSION_DENIED);
    expect(await layouts(token.demo)).toEqual(mine);
  });
});
