import {
  ALL_PERMIT_URLS,
  type MerchantUserInfo,
  type MqttConnectParam,
  type PermitEntry,
  type Screen,
  type SysUserBrief,
  type SysUserExtend,
} from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine, signedIn } from '../../test/harness';

const flatten = (list: PermitEntry[]): string[] => list.flatMap((e) => [e.permitUrl, ...flatten(e.permitList)]);

describeEachEngine('users, screens and connect params', (env) => {
  const token = signedIn(env, 'demo', 'operator', 'demo2');

  it('gives the admin every permission, nested as the menu is', async () => {
    const res = await env().get<MerchantUserInfo>('/api/merchant/user/center/getMerchantUserInfo', token.demo);
    expect(res.data).toMatchObject({
      loginName: 'demo',
      userCompanyAbb: '示范农场',
      merchantName: 'Demo Farm',
      merchantId: env().ids.merchant.farm,
      roles: ['admin'],
    });
    expect(new Set(flatten(res.data.permitList))).toEqual(new Set(ALL_PERMIT_URLS));
    const park = res.data.permitList[0];
    expect(park).toEqual({ permitUrl: '/park', permitList: [{ permitUrl: '/park/parkInfo', permitList: [] }] });
  });

  it('gives the operator only its granted part of the menu, with ancestors and descendants', async () => {
    const res = await env().get<MerchantUserInfo>('/api/merchant/user/center/getMerchantUserInfo', token.operator);
    expect(res.data.roles).toEqual(['operator']);
    const top = res.data.permitList.map((e) => e.permitUrl);
    expect(top).toEqual(['/irrigation', '/outdoorsEquipment', '/alarm']);
    const outdoors = res.data.permitList[1];
    expect(outdoors.permitList.map((e) => e.permitUrl)).toEqual([
      '/outdoorsEquipment/weatherWatches',
      '/outdoorsEquipment/moistureMonitoring',
    ]);
    expect(outdoors.permitList[0].permitList.map((e) => e.permitUrl)).toContain(
      '/outdoorsEquipment/weatherWatches/realTimeData',
    );
    expect(flatten(res.data.permitList)).not.toContain('/park/parkInfo');
  });

  it('lists the users of the caller merchant only', async () => {
    const farm = await env().get<SysUserBrief[]>('/api/merchant/user/getSysUserAllList', token.operator);
    expect(farm.data.map((u) => u.loginName).sort()).toEqual(['demo', 'operator']);
    const orchard = await env().get<SysUserBrief[]>('/api/merchant/user/getSysUserAllList', token.demo2);
    expect(orchard.data.map((u) => u.loginName)).toEqual(['demo2']);
  });

  it('gives the caller its own profile', async () => {
    const res = await env().get<SysUserExtend>('/api/merchant/user/getSysUserExtend', token.operator);
    expect(res.data).toMatchObject({
      loginName: 'operator',
      roleName: '生产操作员',
      groupIds: [env().ids.parks.farm[1]],
    });
    expect(Date.parse(res.data.createdAt)).not.toBeNaN();
    expect(res.data.lastLoginAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('lists the screens that show a park the caller may see', async () => {
    const mine = await env().get<Screen[]>('/api/merchant/screen/getScreenList', token.demo);
    expect(mine.data).toEqual([
      { screenId: env().ids.screens.farm, screenTitle: '示范农场多园区大屏', screenAddress: '/large-screen-multi' },
    ]);
    expect((await env().get<Screen[]>('/api/merchant/screen/getScreenList', token.operator)).data).toHaveLength(1);
    const other = await env().get<Screen[]>('/api/merchant/screen/getScreenList', token.demo2);
    expect(other.data.map((s) => s.screenId)).toEqual([env().ids.screens.orchard]);
  });

  it('gives MQTT connect parameters for the host and port the request came in on', async () => {
    const url = '/api/merchant/mqtt/getConnectParam';
    const plain = await env().call<MqttConnectParam>({
      method: 'GET',
      url,
      token: token.demo,
      headers: { host: 'farm.example:8080' },
    });
    expect(plain.data).toEqual({
      username: `u${env().ids.users.demo}`,
      password: token.demo,
      mqttUrl: 'ws://farm.example',
      port: 8080,
    });
    const proxied = await env().call<MqttConnectParam>({
      method: 'GET',
      url,
      token: token.demo,
      headers: { host: 'farm.example', 'x-forwarded-proto': 'https' },
    });
    expect(proxied.data).toMatchObject({ mqttUrl: 'wss://farm.example', port: 443 });
  });
});
