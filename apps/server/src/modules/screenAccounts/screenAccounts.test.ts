import {
  Code,
  type MerchantUserInfo,
  type Paged,
  type Park,
  type Screen,
  type ScreenAccount,
  type ScreenManageItem,
} from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { describeEachEngine, signedIn } from '../../test/harness';

const A = '/api/merchant/screenAccount';
const S = '/api/merchant/screen';

describeEachEngine('data-screen accounts and multi-park screens', (env) => {
  const token = signedIn(env, 'demo');

  it('manages multi-park screens and getScreenList follows their parks', async () => {
    const [p1, p2, p3] = env().ids.parks.farm;
    const bad = await env().post(`${S}/addScreen`, token.demo, {
      screenTitle: '',
      screenAddress: 'ftp://x',
      groupIds: [],
    });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(fieldsOf(bad)).toEqual(['screenTitle', 'screenAddress', 'groupIds']);
    for (const screenAddress of ['/\\evil.example', '//evil.example', 'javascript:alert(1)', '/a\\b']) {
      const off = await env().post(`${S}/addScreen`, token.demo, { screenTitle: 'x', screenAddress, groupIds: [p1] });
      expect(off.code, screenAddress).toBe(Code.VALIDATION);
      expect(fieldsOf(off), screenAddress).toContain('screenAddress');
    }
    const added = await env().post<ScreenManageItem>(`${S}/addScreen`, token.demo, {
      screenTitle: '植保园大屏',
      screenAddress: 'https://screens.example/plant?x=1',
      groupIds: [p3],
    });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({ groupIds: [p3], screenAddress: 'https://screens.example/plant?x=1' });
    const altered = await env().post<ScreenManageItem>(
      `${S}/alterScreen`,
      token.demo,
      {
        screenId: added.data.screenId,
        screenTitle: '植保园大屏',
        screenAddress: '/large-screen-tint',
        groupIds: `${p2},${p3}`,
      },
      true,
    );
    expect(altered.data.groupIds).toEqual([p2, p3]);
    const list = await env().get<Paged<ScreenManageItem>>(`${S}/getScreenManageList`, token.demo, { keyword: '植保' });
    expect(list.data.list.map((s) => s.screenId)).toEqual([added.data.screenId]);

    const operator = await env().login('operator');
    const opScreens = await env().get<Screen[]>(`${S}/getScreenList`, operator);
    expect(opScreens.data.map((s) => s.screenTitle)).toContain('植保园大屏');
    expect(p1).toBeGreaterThan(0);
    expect((await env().post(`${S}/removeScreen`, token.demo, { ids: [added.data.screenId] })).code).toBe(0);
    const after = await env().get<Screen[]>(`${S}/getScreenList`, operator);
    expect(after.data.map((s) => s.screenTitle)).not.toContain('植保园大屏');
  });

  it('creates a screen account that can open only the screens of its parks', async () => {
    const [, p2] = env().ids.parks.farm;
    const none = await env().post(`${A}/addScreenAccount`, token.demo, {
      loginName: 'wall',
      userName: '大厅大屏',
      loginPwd: 'screen123',
      groupIds: [],
    });
    expect(none).toMatchObject({ code: Code.VALIDATION, msg: 'Choose at least 1 for parks' });
    const acc = await env().post<ScreenAccount>(`${A}/addScreenAccount`, token.demo, {
      loginName: 'wall',
      userName: '大厅大屏',
      loginPwd: 'screen123',
      groupIds: [p2],
    });
    expect(acc.code, acc.msg).toBe(0);
    const list = await env().get<Paged<ScreenAccount>>(`${A}/getScreenAccountList`, token.demo);
    expect(list.data.list.map((a) => a.loginName)).toEqual(['wall']);
    // not a sub-account
    const users = await env().get<Paged<{ loginName: string }>>('/api/merchant/user/getSysUserList', token.demo);
    expect(users.data.list.map((u) => u.loginName)).not.toContain('wall');

    const wall = await env().login('wall', 'screen123');
    const info = await env().get<MerchantUserInfo>('/api/merchant/user/center/getMerchantUserInfo', wall);
    expect(info.data).toMatchObject({ roles: ['screen'], permitList: [] });
    const parks = await env().get<Park[]>('/api/merchant/group/getGroupAndDeviceAllList', wall);
    expect(parks.data.map((p) => p.groupId)).toEqual([p2]);
    // offered only the screens that show one of its parks
    const [p1only, p2also] = await Promise.all(
      [
        { screenTitle: '一园大屏', groupIds: [env().ids.parks.farm[0]] },
        { screenTitle: '一二园大屏', groupIds: [env().ids.parks.farm[0], p2] },
      ].map((b) =>
        env().post<ScreenManageItem>(`${S}/addScreen`, token.demo, { ...b, screenAddress: '/large-screen' }),
      ),
    );
    expect([p1only.code, p2also.code]).toEqual([0, 0]);
    const offered = await env().get<Screen[]>(`${S}/getScreenList`, wall);
    expect(offered.code).toBe(0);
    expect(offered.data.map((s) => s.screenTitle)).toContain('一二园大屏');
    expect(offered.data.map((s) => s.screenTitle)).not.toContain('一园大屏');
    expect((await env().get('/api/merchant/mqtt/getConnectParam', wall)).code).toBe(0);
    // everything else is refused, even routes open to any signed-in staff user
    expect((await env().get('/api/merchant/user/getSysUserAllList', wall)).code).toBe(Code.PERMISSION_DENIED);
    expect((await env().post('/api/merchant/group/addGroup', wall, { groupName: 'x' })).code).toBe(
      Code.PERMISSION_DENIED,
    );
    const denied = env().routes.filter((r) => r.permitUrl !== undefined && !r.public && !r.screenAccess);
    for (const route of denied.filter((r) => typeof r.permitUrl === 'string')) {
      const res = route.method === 'GET' ? await env().get(route.url, wall) : await env().post(route.url, wall, {});
      expect(res.code, route.url).toBe(Code.PERMISSION_DENIED);
    }
    // what the data screens show, it reads, in its own park only
    const reads = env().routes.filter((r) => r.screenAccess && typeof r.permitUrl === 'string');
    expect(reads.every((r) => r.method === 'GET')).toBe(true);
    const alarms = await env().get<Paged<unknown>>(`/api/merchant/alarm/getAlarmList?groupId=${p2}`, wall);
    expect(alarms.code, alarms.msg).toBe(0);
    const machines = await env().get(`/api/merchant/irrigation/getMachineList?groupId=${p2}`, wall);
    expect(machines.code, machines.msg).toBe(0);
    const devices = await env().get(
      `/api/merchant/terminal/data/getInitParamConfigList?groupId=${p2}&deviceClass=weatherStation`,
      wall,
    );
    expect(devices.code, devices.msg).toBe(0);
    const otherPark = await env().get(`/api/merchant/alarm/getAlarmList?groupId=${env().ids.parks.farm[0]}`, wall);
    expect(otherPark.code).not.toBe(0);
    expect((await env().post('/api/merchant/alarm/ackAlarm', wall, { id: 1, comment: 'x' })).code).toBe(
      Code.PERMISSION_DENIED,
    );

    const [p1] = env().ids.parks.farm;
    const alter = await env().post(`${A}/alterScreenAccount`, token.demo, {
      userId: acc.data.userId,
      userName: '大厅大屏',
      groupIds: [p1, p2],
    });
    expect(alter.code, alter.msg).toBe(0);
    expect((await env().get(`${S}/getScreenList`, wall)).code).toBe(Code.PARKS_CHANGED);
    const wall2 = await env().login('wall', 'screen123');
    const off = await env().post(`${A}/enableScreenAccount`, token.demo, { userId: acc.data.userId, enabled: false });
    expect(off.code).toBe(0);
    expect((await env().get(`${S}/getScreenList`, wall2)).code).toBe(Code.ACCOUNT_DISABLED);
    // a sub-account id is not a screen account
    const wrong = await env().post(`${A}/removeScreenAccount`, token.demo, { ids: [env().ids.users.operator] });
    expect(wrong.code).toBe(Code.NOT_FOUND);
    expect((await env().post(`${A}/removeScreenAccount`, token.demo, { ids: [acc.data.userId] })).code).toBe(0);
    expect((await env().get<Paged<ScreenAccount>>(`${A}/getScreenAccountList`, token.demo)).data.total).toBe(0);
  });
});
