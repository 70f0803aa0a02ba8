import { Code, type ErrorDetail } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { addUser } from '../test/users';

/**
 * ARCHITECTURE "Messages": a validation or business error names its field, rule and values in `data`
 * (the console phrases them and shows them under the field); `msg` stays a sentence in the caller's language.
 */
describeEachEngine('error details in the envelope', (env) => {
  let demo: string;
  let demo2: string;
  beforeAll(async () => {
    [demo, demo2] = await Promise.all([env().login('demo'), env().login('demo2')]);
  });
  const details = (res: { data: unknown }) => res.data as ErrorDetail[];

  it('a duplicate park name: groupName, duplicate, the name', async () => {
    const dup = await env().post('/api/merchant/group/addGroup', demo, { groupName: '稻田镇智慧灌溉基地' });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(details(dup)).toEqual([{ field: 'groupName', rule: 'duplicate', params: { value: '稻田镇智慧灌溉基地' } }]);
  });

  it('a serial taken in the merchant, and one that cannot be registered (another merchant owns it)', async () => {
    const base = { deviceClass: 'valveController', deviceName: 'x' };
    const taken = await env().post('/api/merchant/device/addDevice', demo, {
      ...base,
      serial: 'DF-WS-0001',
      groupId: env().ids.parks.farm[0],
    });
    expect(taken.code).toBe(Code.CONFLICT);
    expect(details(taken)).toEqual([{ field: 'serial', rule: 'taken', params: { value: 'DF-WS-0001' } }]);
    const foreign = await env().post('/api/merchant/device/addDevice', demo2, {
      ...base,
      serial: 'DF-WS-0001',
      groupId: env().ids.parks.orchard,
    });
    expect(foreign.code).toBe(Code.VALIDATION);
    expect(details(foreign)).toEqual([{ field: 'serial', rule: 'unavailable', params: { value: 'DF-WS-0001' } }]);
  });

  it('a role still held: inUse with the count', async () => {
    const role = await env().post<{ roleId: number }>('/api/merchant/role/addRole', demo, {
      roleName: '细节角色',
      permitUrls: ['/park'],
    });
    await addUser(env(), demo, {
      loginName: 'detail-user',
      userName: '细节',
      roleId: role.data.roleId,
      groupIds: [env().ids.parks.farm[0]],
    });
    const held = await env().post('/api/merchant/role/removeRole', demo, { ids: [role.data.roleId] });
    expect(held.code).toBe(Code.CONFLICT);
    expect(details(held)).toEqual([{ rule: 'inUse', params: { count: 1, value: '细节角色' } }]);
    const again = await env().post('/api/merchant/role/addRole', demo, { roleName: '细节角色', permitUrls: ['/park'] });
    expect(details(again)).toEqual([{ field: 'roleName', rule: 'duplicate', params: { value: '细节角色' } }]);
  });

  it('a low bound above the high one: the high field, lowAboveHigh', async () => {
    const res = await env().post('/api/merchant/alarm/addAlarmRule', demo, {
      groupId: env().ids.parks.farm[0],
      name: '反了',
      deviceClass: 'soilStation',
      condition: { kind: 'threshold', key: 'soilMoisture20', op: 'between', low: 30, high: 10 },
      severity: 'info',
      contactIds: [],
      channels: [],
    });
    expect(res.code).toBe(Code.VALIDATION);
    expect(details(res)).toContainEqual({ field: 'condition.high', rule: 'lowAboveHigh' });
  });

  it('a wrong old password and a short new one, in the caller language', async () => {
    const token = await env().login('demo');
    const reset = (body: object, lang: string) =>
      env().call({
        method: 'POST',
        url: '/api/merchant/user/resetLoginPwd',
        token,
        headers: { 'accept-language': lang },
        payload: body,
      });
    const wrong = await reset({ oldPwd: 'not-it-1', newPwd: 'newpass123' }, 'zh-CN');
    // The field's key no longer leads the sentence: the sentence names the field already.
    expect(wrong).toMatchObject({ code: Code.OLD_PASSWORD_WRONG, msg: '原密码错误' });
    expect(details(wrong)).toEqual([{ field: 'oldPwd', rule: 'wrong' }]);
    const weak = await reset({ oldPwd: 'demo123456', newPwd: 'short' }, 'en-US');
    expect(weak.code).toBe(Code.VALIDATION);
    expect(weak.msg).toBe('New password needs at least 8 characters; New password must contain a digit');
    expect(details(weak)).toEqual([
      { field: 'newPwd', rule: 'minLength', params: { min: 8 } },
      { field: 'newPwd', rule: 'digit' },
    ]);
  });
});
