import type { MerchantUserInfo, Paged, PermitNode, Role, RoleDetail } from '@farmpark/contracts';
import { Code } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { describeEachEngine, signedIn } from '../../test/harness';
import { addUser, USER_PASSWORD } from '../../test/users';

const R = '/api/merchant/role';

describeEachEngine('roles', (env) => {
  const token = signedIn(env, 'demo');

  it('serves the permission catalogue with both titles for the tree editor', async () => {
    const res = await env().get<PermitNode[]>(`${R}/getPermissionTree`, token.demo);
    expect(res.data[0]).toMatchObject({ permitUrl: '/park', title: { zh: '园区管理', en: 'Park management' } });
    const system = res.data.find((n) => n.permitUrl === '/system')!;
    expect(system.children?.map((c) => c.name)).toContain('user-mgt');
  });

  it('adds a role, names an unknown permitUrl, and refuses a duplicate name', async () => {
    const bad = await env().post(`${R}/addRole`, token.demo, { roleName: '坏', permitUrls: ['/park', '/nope/page'] });
    expect(bad).toMatchObject({ code: Code.VALIDATION });
    expect(bad.msg).toBe('Permissions: "/nope/page" is not known');
    expect(bad.data).toEqual([{ field: 'permitUrls', rule: 'unknownValue', params: { value: '/nope/page' } }]);
    const empty = await env().post(`${R}/addRole`, token.demo, { roleName: '  ' }, true);
    expect(fieldsOf(empty)).toContain('roleName');
    // form-encoded: a comma-separated list
    const ok = await env().post<RoleDetail>(
      `${R}/addRole`,
      token.demo,
      { roleName: '巡检员', permitUrls: '/park/parkInfo,/alarm' },
      true,
    );
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ roleName: '巡检员', isAdmin: false, userCount: 0 });
    expect(ok.data.permitUrls.sort()).toEqual(['/alarm', '/park/parkInfo']);
    expect(ok.data.roleKey).toMatch(/^r_[0-9a-f]{12}$/);
    const dup = await env().post(`${R}/addRole`, token.demo, { roleName: '巡检员', permitUrls: [] });
    expect(dup).toMatchObject({ code: Code.CONFLICT, msg: 'A role named "巡检员" already exists' });
  });

  it('ends the sessions of every holder when the permissions change (908), not on a rename', async () => {
    const role = await env().post<RoleDetail>(`${R}/addRole`, token.demo, { roleName: '值班', permitUrls: ['/park'] });
    const userId = await addUser(env(), token.demo, {
      loginName: 'duty',
      userName: '值班员',
      roleId: role.data.roleId,
      groupIds: [env().ids.parks.farm[0]],
    });
    const duty = await env().login('duty', USER_PASSWORD);
    const info = await env().get<MerchantUserInfo>('/api/merchant/user/center/getMerchantUserInfo', duty);
    expect(info.data.permitList.map((e) => e.permitUrl)).toEqual(['/park']);
    const alter = (body: object) =>
      env().post<RoleDetail>(`${R}/alterRole`, token.demo, { roleId: role.data.roleId, ...body });
    expect((await alter({ roleName: '值班组', permitUrls: ['/park'] })).code).toBe(0);
    expect((await env().get('/api/merchant/user/center/getMerchantUserInfo', duty)).code).toBe(0);
    expect((await alter({ roleName: '值班组', permitUrls: ['/park', '/alarm'] })).code).toBe(0);
    expect((await env().get('/api/merchant/user/center/getMerchantUserInfo', duty)).code).toBe(Code.ROLE_CHANGED);

    const held = await env().post(`${R}/removeRole`, token.demo, { ids: [role.data.roleId] });
    expect(held.code).toBe(Code.CONFLICT);
    expect(held.msg).toContain('1 user still holds the role "值班组"');
    await env().post('/api/merchant/user/removeSysUser', token.demo, { ids: [userId] });
    expect((await env().post(`${R}/removeRole`, token.demo, { ids: [role.data.roleId] })).code).toBe(0);
    expect((await env().get(`${R}/getRoleDetail`, token.demo, { roleId: String(role.data.roleId) })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('keeps the administrator role as it is', async () => {
    const list = await env().get<Paged<Role>>(`${R}/getRoleList`, token.demo);
    const admin = list.data.list[0];
    expect(admin).toMatchObject({ isAdmin: true, userCount: 1 });
    const detail = await env().get<RoleDetail>(`${R}/getRoleDetail`, token.demo, { roleId: String(admin.roleId) });
    expect(detail.data.permitUrls).toContain('/system/user-mgt');
    const edit = await env().post(`${R}/alterRole`, token.demo, {
      roleId: admin.roleId,
      roleName: 'x',
      permitUrls: [],
    });
    expect(edit.code).toBe(Code.CONFLICT);
    expect(edit.msg).toContain('cannot be edited');
    const remove = await env().post(`${R}/removeRole`, token.demo, { ids: [admin.roleId] });
    expect(remove.code).toBe(Code.CONFLICT);
    expect(remove.msg).toContain('cannot be removed');
  });
});
