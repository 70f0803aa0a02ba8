import { Code, DEVICE_CLASS_FLAGS, type DeviceClassFlags, emptyFlags, type Park } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { describeEachEngine, signedIn } from '../../test/harness';
import { loggedLines } from '../systemLog/logFixture';

const LIST = '/api/merchant/group/getGroupAndDeviceAllList';
const ADD = '/api/merchant/group/addGroup';
const ALTER = '/api/merchant/group/alterGroup';
const REMOVE = '/api/merchant/group/removeGroup';
const SCREEN = '/api/merchant/group/alterGroupScreen';
const FLAGS = '/api/merchant/device/getDeviceClassList';

describeEachEngine('parks', (env) => {
  const token = signedIn(env, 'demo', 'operator', 'demo2');

  it('lists the parks each user may see, with their devices', async () => {
    const all = await env().get<Park[]>(LIST, token.demo);
    expect(all.code).toBe(0);
    expect(all.data.map((p) => p.groupId)).toEqual(env().ids.parks.farm);
    expect(all.data[0].groupName).toBe('寿光蔬菜高科技示范园');
    expect(all.data[0].holderMan).toBe('王建国');
    expect(all.data[0].devices).toHaveLength(20);
    expect(all.data[0].devices[0]).toMatchObject({ serial: 'DF-WF-0001', deviceClass: 'waterFertilizer' });

    const op = await env().get<Park[]>(LIST, token.operator);
    expect(op.data.map((p) => p.groupId)).toEqual([env().ids.parks.farm[1]]);
    const other = await env().get<Park[]>(LIST, token.demo2);
    expect(other.data.map((p) => p.groupId)).toEqual([env().ids.parks.orchard]);
  });

  it('gives the device class flags of each park from its devices', async () => {
    const [p1, p2, p3] = env().ids.parks.farm;
    const flags = async (groupId: number) =>
      (await env().get<DeviceClassFlags>(FLAGS, token.demo, { groupId: String(groupId) })).data;
    expect(await flags(p1)).toEqual(Object.fromEntries(DEVICE_CLASS_FLAGS.map((f) => [f, true])));
    expect(await flags(p2)).toEqual({ ...emptyFlags(), soil: true, watering: true, weather: true });
    expect(await flags(p3)).toEqual({ ...emptyFlags(), insect: true, spore: true, light: true });
  });

  it('refuses flags of a park the caller may not see, and names a bad groupId', async () => {
    const [p1] = env().ids.parks.farm;
    expect((await env().get(FLAGS, token.operator, { groupId: String(p1) })).code).toBe(Code.NOT_FOUND);
    expect((await env().get(FLAGS, token.demo2, { groupId: String(p1) })).code).toBe(Code.NOT_FOUND);
    const bad = await env().get(FLAGS, token.demo, { groupId: 'abc' });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(bad.msg).toBe('Park must be a number');
    expect(fieldsOf(bad)).toEqual(['groupId']);
  });

  it('adds, alters and removes a park (form-encoded and JSON)', async () => {
    const added = await env().post<Park>(
      ADD,
      token.demo,
      { groupName: ' 新建测试园 ', holderMan: '赵六', area: '12.5', longitude: '', latitude: '36.8' },
      true,
    );
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({
      groupName: '新建测试园',
      holderMan: '赵六',
      area: 12.5,
      longitude: null,
      latitude: 36.8,
      devices: [],
    });
    const id = added.data.groupId;
    expect((await env().get<Park[]>(LIST, token.demo)).data.map((p) => p.groupId)).toContain(id);

    const altered = await env().post<Park>(ALTER, token.demo, { groupId: id, groupName: '改名测试园', crops: '草莓' });
    expect(altered.code).toBe(0);
    expect(altered.data).toMatchObject({ groupId: id, groupName: '改名测试园', crops: '草莓', holderMan: '' });

    expect((await env().post(REMOVE, token.demo, { groupId: String(id) }, true)).code).toBe(0);
    expect((await env().get<Park[]>(LIST, token.demo)).data.map((p) => p.groupId)).not.toContain(id);
    expect((await env().post(REMOVE, token.demo, { groupId: id })).code).toBe(Code.NOT_FOUND);
  });

  it('refuses a duplicate park name within the merchant, but not across merchants', async () => {
    const dup = await env().post(ADD, token.demo, { groupName: '稻田镇智慧灌溉基地' });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(fieldsOf(dup)).toEqual(['groupName']);
    expect(dup.msg).toBe('A park named "稻田镇智慧灌溉基地" already exists');
    const [p1] = env().ids.parks.farm;
    const dupAlter = await env().post(ALTER, token.demo, { groupId: p1, groupName: '稻田镇智慧灌溉基地' });
    expect(dupAlter.code).toBe(Code.CONFLICT);
    // keeping its own name is not a conflict
    const same = await env().post(ALTER, token.demo, {
      groupId: p1,
      groupName: '寿光蔬菜高科技示范园',
      holderMan: '王建国',
    });
    expect(same.code).toBe(0);
    const elsewhere = await env().post<Park>(ADD, token.demo2, { groupName: '稻田镇智慧灌溉基地' });
    expect(elsewhere.code).toBe(0);
    expect((await env().post(REMOVE, token.demo2, { groupId: elsewhere.data.groupId })).code).toBe(0);
  });

  it('refuses to remove a park with bound devices and says how many', async () => {
    const [, p2] = env().ids.parks.farm;
    const res = await env().post(REMOVE, token.demo, { groupId: p2 });
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.msg).toContain('4 devices are still bound');
    expect((await env().get<Park[]>(LIST, token.demo)).data.map((p) => p.groupId)).toContain(p2);
  });

  it('names invalid fields', async () => {
    const empty = await env().post(ADD, token.demo, { groupName: '' });
    expect(empty).toMatchObject({ code: Code.VALIDATION, msg: 'Park name is required' });
    const lat = await env().post(ADD, token.demo, { groupName: 'x', latitude: 100 });
    expect(lat).toMatchObject({ code: Code.VALIDATION, msg: 'Latitude must be at most 90' });
    const missing = await env().post(ALTER, token.demo, { groupName: 'x' });
    expect(missing.code).toBe(Code.VALIDATION);
    expect(missing.msg).toBe('Park is required');
    const noBody = await env().call({ method: 'POST', url: ADD, token: token.demo });
    expect(noBody).toMatchObject({ code: Code.VALIDATION, msg: 'Park name is required' });
    expect(fieldsOf(noBody)).toEqual(['groupName']);
    const broken = await env().call({
      method: 'POST',
      url: ADD,
      token: token.demo,
      headers: { 'content-type': 'application/json' },
      payload: '{"groupName":',
    });
    expect(broken.code).toBe(Code.BAD_REQUEST);
    expect(broken.status).toBe(200);
  });

  it('lets the operator list its park but not administer parks (1004)', async () => {
    const res = await env().post(ADD, token.operator, { groupName: '操作员的园区' });
    expect(res.code).toBe(Code.PERMISSION_DENIED);
    const [, p2] = env().ids.parks.farm;
    expect((await env().post(ALTER, token.operator, { groupId: p2, groupName: 'x' })).code).toBe(
      Code.PERMISSION_DENIED,
    );
  });

  it('gives a non-admin creator access to the park it adds', async () => {
    const { db, ids } = env();
    await db
      .insertInto('role_permissions')
      .values({
        role_id: (
          await db.selectFrom('users').select('role_id').where('id', '=', ids.users.operator).executeTakeFirstOrThrow()
        ).role_id!,
        permit_url: '/park/parkInfo',
      })
      .execute();
    const added = await env().post<Park>(ADD, token.operator, { groupName: '操作员新园区' });
    expect(added.code).toBe(0);
    const list = await env().get<Park[]>(LIST, token.operator);
    expect(list.data.map((p) => p.groupId)).toEqual([ids.parks.farm[1], added.data.groupId]);
    expect((await env().post(REMOVE, token.operator, { groupId: added.data.groupId })).code).toBe(0);
    await db.deleteFrom('role_permissions').where('permit_url', '=', '/park/parkInfo').execute();
  });

  it('sets the screen of a park only to a screen of the same merchant', async () => {
    const [p1] = env().ids.parks.farm;
    const { screens } = env().ids;
    expect((await env().post(SCREEN, token.demo, { groupId: p1, screenId: screens.farm })).code).toBe(0);
    let park = (await env().get<Park[]>(LIST, token.demo)).data.find((p) => p.groupId === p1)!;
    expect(park.screenId).toBe(screens.farm);
    const foreign = await env().post(SCREEN, token.demo, { groupId: p1, screenId: screens.orchard });
    expect(foreign.code).toBe(Code.NOT_FOUND);
    expect(foreign.msg).toContain('screenId');
    expect((await env().post(SCREEN, token.demo, { groupId: String(p1), screenId: '' }, true)).code).toBe(0);
    park = (await env().get<Park[]>(LIST, token.demo)).data.find((p) => p.groupId === p1)!;
    expect(park.screenId).toBeNull();
  });

  it('records park writes, refused ones included, in the system log', async () => {
    const { outcomes } = await loggedLines(env().db, { targetType: 'park' });
    expect(outcomes).toEqual(
      expect.arrayContaining([
        'park.add:0',
        'park.add:1006',
        'park.alter:0',
        'park.remove:0',
        'park.remove:1006',
        'park.screen:0',
        'park.screen:1005',
      ]),
    );
  });
});
