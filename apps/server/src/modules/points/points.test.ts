import {
  type AreaPoint,
  Code,
  type DevicePoint,
  type GisPark,
  type GroupPoint,
  type LngLat,
} from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { describeEachEngine, signedIn } from '../../test/harness';
import { loggedLines } from '../systemLog/logFixture';

const BASE = '/api/merchant/group-area-point';
const GET_POINT = `${BASE}/getGroupPointByGroupId`;
const ALTER_POINT = `${BASE}/alterGroupPoint`;
const REMOVE_POINT = `${BASE}/removeGroupPoint`;
const AREAS = `${BASE}/getGroupAreaPointListByPointId`;
const ALTER_AREA = `${BASE}/alterGroupAreaPoint`;
const REMOVE_AREAS = `${BASE}/removeBatchGroupAreaPoint`;
const PLACED = `${BASE}/getGroupDeviceRelevancePointListByGroupId`;
const UNPLACED = `${BASE}/getGroupDeviceNotRelevancePointListByGroupId`;
const ALTER_DEVICE = `${BASE}/alterDevicePoint`;
const GIS_LIST = `${BASE}/getGisMapList`;
const GIS_DEVICE = `${BASE}/getGisDeviceDetail`;

/** A 0.01° square around (118.80, 36.86). */
const FENCE: LngLat[] = [
  [118.79, 36.85],
  [118.81, 36.85],
  [118.81, 36.87],
  [118.79, 36.87],
];
const PLOT: LngLat[] = [
  [118.795, 36.855],
  [118.8, 36.855],
  [118.8, 36.86],
];

describeEachEngine('park points', (env) => {
  const tokens = signedIn(env, 'demo', 'operator', 'demo2');
  let p3: number;
  beforeAll(async () => {
    p3 = env().ids.parks.farm[2];
    // the demo lays out every park's map; these tests draw park 3's from nothing
    await env().db.deleteFrom('group_points').where('group_id', '=', p3).execute();
  });
  const pointOf = async (groupId: number) =>
    (await env().get<GroupPoint | null>(GET_POINT, tokens.demo, { groupId: String(groupId) })).data;

  it('sets, reads, changes and removes the group point of a park (JSON and form bodies)', async () => {
    expect(await pointOf(p3)).toBeNull();
    const set = await env().post<GroupPoint>(ALTER_POINT, tokens.demo, {
      groupId: p3,
      longitude: 118.8,
      latitude: 36.86,
      zoom: 15,
      boundary: FENCE,
    });
    expect(set.code).toBe(0);
    expect(set.data).toMatchObject({ groupId: p3, longitude: 118.8, latitude: 36.86, zoom: 15, boundary: FENCE });
    expect(await pointOf(p3)).toEqual(set.data);

    // The park's own location follows the group point.
    const parks = await env().get<{ groupId: number; longitude: number; latitude: number }[]>(
      '/api/merchant/group/getGroupAndDeviceAllList',
      tokens.demo,
    );
    expect(parks.data.find((p) => p.groupId === p3)).toMatchObject({ longitude: 118.8, latitude: 36.86 });

    // Form-encoded: the boundary travels as JSON text; one park keeps one point.
    const form = await env().post<GroupPoint>(
      ALTER_POINT,
      tokens.demo,
      { groupId: String(p3), longitude: '118.801', latitude: '36.861', zoom: '', boundary: JSON.stringify(FENCE) },
      true,
    );
    expect(form.code).toBe(0);
    expect(form.data).toMatchObject({ pointId: set.data.pointId, longitude: 118.801, zoom: 16, boundary: FENCE });
  });

  it('names a bad boundary and changes nothing', async () => {
    const before = await pointOf(p3);
    const cases: [unknown, RegExp][] = [
      [
        [
          [118.79, 36.85],
          [118.8, 36.85],
        ],
        /^Boundary needs at least 3 different points, or none$/,
      ],
      [
        [
          [200, 36.85],
          [118.8, 36.85],
          [118.8, 36.86],
        ],
        /^Longitude of point 1 must be at most 180$/,
      ],
      ['[[1,2],', /^Boundary must be a list$/],
      [[[1, 2, 3]], /^Choose at most 2 for point 1$/],
    ];
    for (const [boundary, msg] of cases) {
      const res = await env().post(ALTER_POINT, tokens.demo, {
        groupId: p3,
        longitude: 118.8,
        latitude: 36.86,
        boundary,
      });
      expect(res.code, JSON.stringify(boundary)).toBe(Code.VALIDATION);
      expect(res.msg).toMatch(msg);
      expect(fieldsOf(res)[0]).toMatch(/^boundary/);
    }
    const lat = await env().post(ALTER_POINT, tokens.demo, { groupId: p3, longitude: 118.8, latitude: 91 });
    expect(lat).toMatchObject({ code: Code.VALIDATION, msg: 'Latitude must be at most 90' });
    expect(await pointOf(p3)).toEqual(before);
  });

  it('adds, lists, alters and batch-removes area points inside the park boundary', async () => {
    const point = (await pointOf(p3))!;
    const add = (areaName: string, boundary: LngLat[] = PLOT) =>
      env().post<AreaPoint>(ALTER_AREA, tokens.demo, {
        pointId: point.pointId,
        areaName,
        crop: '番茄',
        area: 1.2,
        boundary,
      });
    const a = await add('一号棚');
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({ pointId: point.pointId, groupId: p3, areaName: '一号棚', crop: '番茄', area: 1.2 });
    const b = await add('二号棚', []);
    expect(b.code).toBe(0);

    const dup = await add('一号棚');
    expect(dup.code).toBe(Code.CONFLICT);
    expect(fieldsOf(dup)).toEqual(['areaName']);

    const outside = await add('界外', [
      [118.8, 36.86],
      [118.9, 36.86],
      [118.8, 36.861],
    ]);
    expect(outside.code).toBe(Code.VALIDATION);
    expect(outside.msg).toMatch(/^Vertex 2 .* outside the park boundary/);
    expect(fieldsOf(outside)).toEqual(['boundary']);

    const altered = await env().post<AreaPoint>(ALTER_AREA, tokens.demo, {
      areaPointId: a.data.areaPointId,
      pointId: point.pointId,
      areaName: '一号棚',
      crop: '黄瓜',
      area: '',
      boundary: PLOT,
    });
    expect(altered.data).toMatchObject({ areaPointId: a.data.areaPointId, crop: '黄瓜', area: null });

    const list = await env().get<AreaPoint[]>(AREAS, tokens.demo, { pointId: String(point.pointId) });
    expect(list.data.map((x) => x.areaName)).toEqual(['一号棚', '二号棚']);

    const ids = [a.data.areaPointId, b.data.areaPointId];
    const partial = await env().post(REMOVE_AREAS, tokens.demo, { areaPointIds: [...ids, 999_999] });
    expect(partial.code).toBe(Code.NOT_FOUND);
    expect(partial.msg).toContain('999999');
    expect((await env().get<AreaPoint[]>(AREAS, tokens.demo, { pointId: String(point.pointId) })).data).toHaveLength(2);

    const removed = await env().post<{ removed: number }>(
      REMOVE_AREAS,
      tokens.demo,
      { areaPointIds: ids.join(',') },
      true,
    );
    expect(removed.data.removed).toBe(2);
    expect((await env().get<AreaPoint[]>(AREAS, tokens.demo, { pointId: String(point.pointId) })).data).toEqual([]);
  });

  it('places, moves and unplaces devices, inside the boundary only', async () => {
    const list = async (url: string) =>
      (await env().get<DevicePoint[]>(url, tokens.demo, { groupId: String(p3) })).data.map((d) => d.deviceId);
    const placed = await list(PLACED);
    const unplaced = await list(UNPLACED);
    expect(placed.length + unplaced.length).toBeGreaterThan(0);
    const deviceId = [...placed, ...unplaced][0];

    expect((await env().post(ALTER_DEVICE, tokens.demo, { deviceId, longitude: null, latitude: null })).code).toBe(0);
    expect(await list(UNPLACED)).toContain(deviceId);
    expect(await list(PLACED)).not.toContain(deviceId);

    const out = await env().post(ALTER_DEVICE, tokens.demo, { deviceId, longitude: 119, latitude: 36.86 });
    expect(out.code).toBe(Code.VALIDATION);
    expect(out.msg).toContain('outside the boundary');
    const half = await env().post(ALTER_DEVICE, tokens.demo, { deviceId, longitude: 118.8, latitude: '' });
    expect(half.code).toBe(Code.VALIDATION);
    expect(half.msg).toBe('Fill in latitude and longitude together');
    expect(fieldsOf(half)).toEqual(['latitude']);
    expect(await list(UNPLACED)).toContain(deviceId);

    expect(
      (
        await env().post(
          ALTER_DEVICE,
          tokens.demo,
          { deviceId: String(deviceId), longitude: '118.8', latitude: '36.86' },
          true,
        )
      ).code,
    ).toBe(0);
    const now = (await env().get<DevicePoint[]>(PLACED, tokens.demo, { groupId: String(p3) })).data.find(
      (d) => d.deviceId === deviceId,
    );
    expect(now).toMatchObject({ longitude: 118.8, latitude: 36.86 });
  });

  it('refuses another tenant, and a user without park management (1004)', async () => {
    const point = (await pointOf(p3))!;
    const deviceId = env().ids.devices.farm;
    // demo2 is another merchant; the operator sees park 2 only.
    for (const token of [tokens.demo2]) {
      expect((await env().get(GET_POINT, token, { groupId: String(p3) })).code).toBe(Code.NOT_FOUND);
      expect((await env().get(AREAS, token, { pointId: String(point.pointId) })).code).toBe(Code.NOT_FOUND);
      expect((await env().post(REMOVE_POINT, token, { pointId: point.pointId })).code).toBe(Code.NOT_FOUND);
      expect((await env().post(ALTER_DEVICE, token, { deviceId, longitude: 1, latitude: 1 })).code).toBe(
        Code.NOT_FOUND,
      );
      expect(
        (await env().post(ALTER_POINT, token, { groupId: p3, longitude: 1, latitude: 1, boundary: [] })).code,
      ).toBe(Code.NOT_FOUND);
    }
    expect((await env().get(GET_POINT, tokens.operator, { groupId: String(p3) })).code).toBe(Code.PERMISSION_DENIED);
    expect(await pointOf(p3)).toMatchObject({ pointId: point.pointId, boundary: FENCE });
  });

  it('removes a group point with its areas, and a removed park takes its point along', async () => {
    const point = (await pointOf(p3))!;
    await env().post(ALTER_AREA, tokens.demo, { pointId: point.pointId, areaName: '临时', boundary: PLOT });
    expect((await env().post(REMOVE_POINT, tokens.demo, { pointId: point.pointId })).code).toBe(0);
    expect(await pointOf(p3)).toBeNull();
    expect(
      await env().db.selectFrom('area_points').select('id').where('point_id', '=', point.pointId).execute(),
    ).toEqual([]);

    const park = await env().post<{ groupId: number }>('/api/merchant/group/addGroup', tokens.demo, {
      groupName: '点位测试园',
    });
    await env().post(ALTER_POINT, tokens.demo, {
      groupId: park.data.groupId,
      longitude: 118,
      latitude: 36,
      boundary: FENCE,
    });
    expect(
      (await env().post('/api/merchant/group/removeGroup', tokens.demo, { groupId: park.data.groupId })).code,
    ).toBe(0);
    const left = await env()
      .db.selectFrom('group_points')
      .select('id')
      .where('group_id', '=', park.data.groupId)
      .execute();
    expect(left).toEqual([]);
  });

  it('serves the GIS map: parks with point, areas and placed devices, and a device popup with latest values', async () => {
    const gis = await env().get<GisPark[]>(GIS_LIST, tokens.demo);
    expect(gis.code).toBe(0);
    expect(gis.data.map((p) => p.groupId)).toEqual(env().ids.parks.farm);
    const [first] = gis.data;
    expect(first.devices.length).toBeGreaterThan(0);
    expect(first.devices.every((d) => d.longitude !== null && d.latitude !== null)).toBe(true);
    const other = await env().get<GisPark[]>(GIS_LIST, tokens.demo2);
    expect(other.data.map((p) => p.groupId)).toEqual([env().ids.parks.orchard]);

    const deviceId = first.devices[0].deviceId;
    const detail = await env().get<{ deviceId: number; params: unknown[]; latest: object }>(GIS_DEVICE, tokens.demo, {
      deviceId: String(deviceId),
      lang: 'en',
    });
    expect(detail.code).toBe(0);
    expect(detail.data.deviceId).toBe(deviceId);
    expect(detail.data.params.length).toBeGreaterThan(0);
    expect((await env().get(GIS_DEVICE, tokens.demo2, { deviceId: String(deviceId), lang: 'en' })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await env().get(GIS_LIST, tokens.operator)).code).toBe(Code.PERMISSION_DENIED);
  });

  it('records each write with tokens.operator and address in the system log', async () => {
    const cases: [Parameters<typeof loggedLines>[1], string[]][] = [
      [
        { actionLike: '%point%' },
        ['park.point:0', 'park.point.remove:0', 'device.point:0', 'device.point:1001', 'device.point:1005'],
      ],
      [
        { targetType: 'area' },
        ['park.area.add:0', 'park.area.add:1006', 'park.area.alter:0', 'park.area.remove:0', 'park.area.remove:1005'],
      ],
    ];
    for (const [filter, outcomes] of cases) {
      const logged = await loggedLines(env().db, filter);
      expect(logged.outcomes).toEqual(expect.arrayContaining(outcomes));
      expect(logged.rows.every((r) => r.login_name && r.ip)).toBe(true);
    }
  });
});
