import { Code, type Paged, type RoleDetail, type SysUser } from '@farmpark/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { describeEachEngine } from '../../test/harness';

const U = '/api/merchant/user';
const MINE = ['/system/user-mgt', '/system/system-log', '/system/AccountManage', '/system/LargeManage'];

describeEachEngine('sub-accounts', (env) => {
  let demo: string;
  let operator: string;
  let viewerRole: number;
  let adminRole: number;
  const parks = () => env().ids.parks.farm;

  async function addUser(loginName: string, extra: Record<string, unknown> = {}) {
    const res = await env().post<SysUser>(`${U}/addSysUser`, demo, {
      loginName,
      userName: `用户 ${loginName}`,
      phone: '138 0000 0000',
      roleId: viewerRole,
      groupIds: [parks()[0]],
      loginPwd: 'secret123',
      ...extra,
    });
    expect(res.code, res.msg).toBe(0);
    return res.data;
  }
  const sessionCode = async (token: string) =>
    (await env().get('/api/merchant/user/center/getMerchantUserInfo', token)).code;

  beforeAll(async () => {
    [demo, operator] = await Promise.all([env().login('demo'), env().login('operator')]);
    const role = await env().post<RoleDetail>('/api/merchant/role/addRole', demo, {
      roleName: '查看员',
      permitUrls: ['/park/parkInfo', '/alarm/alarmList'],
    });
    expect(role.code, role.msg).toBe(0);
    viewerRole = role.data.roleId;
    const roles = await env().get<Paged<{ roleId: number; isAdmin: boolean }>>('/api/merchant/role/getRoleList', demo);
    adminRole = roles.data.list.find((r) => r.isAdmin)!.roleId;
  });

  it('refuses every administration route to a role that lacks its permission (1004)', async () => {
    const mine = env().routes.filter((r) => typeof r.permitUrl === 'string' && MINE.includes(r.permitUrl));
    expect(mine.length).toBeGreaterThanOrEqual(24);
    for (const route of mine) {
      const res =
        route.method === 'GET' ? await env().get(route.url, operator) : await env().post(route.url, operator, {});
      expect(res.code, `${route.method} ${route.url}`).toBe(Code.PERMISSION_DENIED);
    }
  });

  it('adds a user and lists it with its role and parks; filters by keyword, role, enabled and park', async () => {
    const u = await addUser('clerk1');
    expect(u).toMatchObject({ loginName: 'clerk1', roleName: '查看员', groupIds: [parks()[0]], enabled: true });
    const list = async (q: Record<string, string>) =>
      (await env().get<Paged<SysUser>>(`${U}/getSysUserList`, demo, q)).data;
    expect((await list({ keyword: 'CLERK' })).list.map((x) => x.loginName)).toEqual(['clerk1']);
    expect((await list({ roleId: String(viewerRole) })).list.map((x) => x.loginName)).toEqual(['clerk1']);
    // admins see every park, so they match any park filter
    expect((await list({ groupId: String(parks()[0]) })).list.map((x) => x.loginName)).toEqual(['demo', 'clerk1']);
    expect((await list({ groupId: String(parks()[2]) })).list.map((x) => x.loginName)).toEqual(['demo']);
    expect((await list({ enabled: 'false' })).total).toBe(0);
    const page = await list({ pageNum: '2', pageSize: '1' });
    expect(page).toMatchObject({ total: 3, pageNum: 2, pageSize: 1 });
    const token = await env().login('clerk1', 'secret123');
    const mine = await env().get<{ groupId: number }[]>('/api/merchant/group/getGroupAndDeviceAllList', token);
    expect(mine.data.map((p) => p.groupId)).toEqual([parks()[0]]);
  });

  it('names the field in every validation message and refuses duplicates and foreign ids', async () => {
    const bad = await env().post(`${U}/addSysUser`, demo, {
      loginName: '',
      userName: '',
      roleId: '',
      loginPwd: 'short',
    });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['loginName', 'userName', 'roleId', 'loginPwd']));
    expect(bad.msg).toBe(
      'Name is required; Role is required; Login name is required; Password needs at least 8 characters; Password must contain a digit',
    );
    const dup = await env().post(`${U}/addSysUser`, demo, {
      loginName: 'operator',
      userName: 'x',
      roleId: viewerRole,
      loginPwd: 'secret123',
    });
    expect(dup).toMatchObject({ code: Code.CONFLICT, msg: 'Login name: "operator" is already taken' });
    const foreignPark = await env().post(`${U}/addSysUser`, demo, {
      loginName: 'clerkx',
      userName: 'x',
      roleId: viewerRole,
      groupIds: [env().ids.parks.orchard],
      loginPwd: 'secret123',
    });
    expect(foreignPark.code).toBe(Code.NOT_FOUND);
    expect(foreignPark.msg).toMatch(/^Parks: park \d+ not found/);
    expect(fieldsOf(foreignPark)).toEqual(['groupIds']);
  });

  describe('ends the sessions of the changed user with the matching code', () => {
    it('908 on a role change, 910 on a park change, nothing on a name change', async () => {
      const u = await addUser('clerk2');
      const t1 = await env().login('clerk2', 'secret123');
      const alter = (body: Record<string, unknown>) =>
        env().post(`${U}/alterSysUser`, demo, {
          userId: u.userId,
          userName: 'renamed',
          roleId: viewerRole,
          groupIds: [parks()[0]],
          ...body,
        });
      expect((await alter({})).code).toBe(0);
      expect(await sessionCode(t1)).toBe(0);
      expect((await alter({ groupIds: [parks()[0], parks()[1]] })).code).toBe(0);
      expect(await sessionCode(t1)).toBe(Code.PARKS_CHANGED);
      const t2 = await env().login('clerk2', 'secret123');
      const op = await env().get<Paged<{ roleId: number; roleKey: string }>>('/api/merchant/role/getRoleList', demo);
      const operatorRole = op.data.list.find((r) => r.roleKey === 'operator')!.roleId;
      expect((await alter({ roleId: operatorRole })).code).toBe(0);
      expect(await sessionCode(t2)).toBe(Code.ROLE_CHANGED);
    });

    it('907 on disable, 906 on a password reset, 911 on removal', async () => {
      const u = await addUser('clerk3');
      const t1 = await env().login('clerk3', 'secret123');
      expect((await env().post(`${U}/enableSysUser`, demo, { userId: u.userId, enabled: false }, true)).code).toBe(0);
      expect(await sessionCode(t1)).toBe(Code.ACCOUNT_DISABLED);
      await expect(env().login('clerk3', 'secret123')).rejects.toThrow(/907/);
      expect((await env().post(`${U}/enableSysUser`, demo, { userId: u.userId, enabled: 'true' }, true)).code).toBe(0);
      const t2 = await env().login('clerk3', 'secret123');
      const reset = await env().post(`${U}/resetSysUserPwd`, demo, { userId: u.userId, newPwd: 'another456' });
      expect(reset.code).toBe(0);
      expect(await sessionCode(t2)).toBe(Code.PASSWORD_CHANGED);
      const t3 = await env().login('clerk3', 'another456');
      expect((await env().post(`${U}/removeSysUser`, demo, { ids: [u.userId] })).code).toBe(0);
      expect(await sessionCode(t3)).toBe(Code.ACCOUNT_REMOVED);
      expect((await env().get(`${U}/getSysUserDetail`, demo, { userId: String(u.userId) })).code).toBe(Code.NOT_FOUND);
      // the name is free again
      await addUser('clerk3');
    });
  });

  it('never locks out the last enabled administrator, and refuses to remove yourself', async () => {
    const demoId = env().ids.users.demo;
    const self = await env().post(`${U}/removeSysUser`, demo, { ids: [demoId] });
    expect(self).toMatchObject({ code: Code.CONFLICT, msg: 'You cannot remove your own account' });
    const boss = await addUser('boss', { roleId: adminRole });
    const bossToken = await env().login('boss', 'secret123');
    // boss may not disable demo while boss itself is disabled... first: disabling boss is fine, demo remains
    expect((await env().post(`${U}/enableSysUser`, demo, { userId: boss.userId, enabled: false })).code).toBe(0);
    const lastOne = await env().post(`${U}/alterSysUser`, demo, {
      userId: demoId,
      userName: 'demo',
      roleId: viewerRole,
      groupIds: [],
    });
    expect(lastOne.code).toBe(Code.CONFLICT);
    expect(lastOne.msg).toContain('without an enabled administrator');
    expect(await sessionCode(bossToken)).toBe(Code.ACCOUNT_DISABLED);
    // with boss enabled again, demo may step down
    expect((await env().post(`${U}/enableSysUser`, demo, { userId: boss.userId, enabled: true })).code).toBe(0);
    const boss2 = await env().login('boss', 'secret123');
    const disableBoth = await env().post(`${U}/removeSysUser`, boss2, { ids: [demoId, boss.userId] });
    expect(disableBoth.code).toBe(Code.CONFLICT);
    const disableDemo = await env().post(`${U}/enableSysUser`, boss2, { userId: demoId, enabled: false });
    expect(disableDemo.code).toBe(0);
    const disableSelf = await env().post(`${U}/enableSysUser`, boss2, { userId: boss.userId, enabled: false });
    expect(disableSelf.code).toBe(Code.CONFLICT);
    expect((await env().post(`${U}/enableSysUser`, boss2, { userId: demoId, enabled: true })).code).toBe(0);
    demo = await env().login('demo');
  });

  it('lets a sub-manager neither touch administrators nor hand out the administrator role', async () => {
    const mgrRole = await env().post<RoleDetail>('/api/merchant/role/addRole', demo, {
      roleName: '人事',
      permitUrls: ['/system/user-mgt'],
    });
    await addUser('hr', { roleId: mgrRole.data.roleId, groupIds: [parks()[1]] });
    const hr = await env().login('hr', 'secret123');
    const escalate = await env().post(`${U}/addSysUser`, hr, {
      loginName: 'hr2',
      userName: 'x',
      roleId: adminRole,
      loginPwd: 'secret123',
    });
    expect(escalate.code).toBe(Code.PERMISSION_DENIED);
    const demoId = env().ids.users.demo;
    expect((await env().post(`${U}/enableSysUser`, hr, { userId: demoId, enabled: false })).code).toBe(
      Code.PERMISSION_DENIED,
    );
    const wide = await env().post('/api/merchant/role/addRole', hr, { roleName: 'x', permitUrls: ['/system'] });
    expect(wide.code).toBe(Code.PERMISSION_DENIED);
    expect(wide.msg).toMatch(/^Permissions: you may not grant /);
    expect(fieldsOf(wide)).toEqual(['permitUrls']);
    // a park outside the sub-manager's sight is "not found"
    const out = await env().post(`${U}/addSysUser`, hr, {
      loginName: 'hr3',
      userName: 'x',
      roleId: viewerRole,
      groupIds: [parks()[0]],
      loginPwd: 'secret123',
    });
    expect(out.code).toBe(Code.NOT_FOUND);
  });
});
