import {
  type AddSysUserBody,
  type AlterSysUserBody,
  Code,
  type Paged,
  type SysUser,
  type SysUserListQuery,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { requireParkIfGiven, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { findRole } from '../roles/repo';
import type { AccountRow } from './accounts';
import * as accounts from './accounts';

/** Sub-accounts: staff users with a role and their parks. */

function toSysUser(r: AccountRow, groupIds: number[]): SysUser {
  return {
    userId: r.id,
    loginName: r.login_name,
    userName: r.user_name,
    phone: r.phone,
    roleId: r.role_id,
    roleName: r.role_name ?? '',
    isAdmin: Boolean(r.is_admin),
    enabled: Boolean(r.enabled),
    groupIds,
    lastLoginAt: accounts.iso(r.last_login_at),
    createdAt: accounts.iso(r.created_at) as string,
  };
}

const crud = accounts.accountCrud('user', 'staff', 'user', toSysUser);

async function assertRole(db: Db, auth: AuthContext, roleId: number) {
  const role = await findRole(db, scopeOf(auth), roleId);
  if (!role) throw notFound(`roleId ${roleId}: role`);
  // Only an administrator can make another: a sub-manager must not hand out more than it holds.
  if (role.is_admin && !auth.isAdmin) {
    throw new ApiError(Code.PERMISSION_DENIED, 'roleId: only an administrator may give the administrator role');
  }
  return role;
}

/** A sub-manager may not change administrators (they could lock them out or take their place). */
function assertMayManage(auth: AuthContext, user: AccountRow, verb: string) {
  if (user.is_admin && !auth.isAdmin) {
    throw new ApiError(Code.PERMISSION_DENIED, `userId ${user.id}: only an administrator may ${verb} an administrator`);
  }
}

export async function listSysUsers(db: Db, auth: AuthContext, q: SysUserListQuery): Promise<Paged<SysUser>> {
  if (q.roleId !== undefined && !(await findRole(db, scopeOf(auth), q.roleId))) {
    throw notFound(`roleId ${q.roleId}: role`);
  }
  requireParkIfGiven(auth, q.groupId);
  const { keyword, roleId, enabled, groupId } = q;
  return crud.page(db, auth, { keyword, roleId, enabled, groupId }, q);
}

export const sysUserDetail = (db: Db, auth: AuthContext, userId: number): Promise<SysUser> =>
  crud.detail(db, auth, userId);

export function addSysUser(deps: ModuleDeps, auth: AuthContext, body: AddSysUserBody, meta: ClientMeta) {
  const { db } = deps;
  const run = async () => {
    await assertRole(db, auth, body.roleId);
    const groupIds = await accounts.assertGrantableParks(db, auth, body.groupIds);
    return crud.detail(db, auth, await accounts.createAccount(db, auth, { ...body, kind: 'staff', groupIds }));
  };
  return crud.add(db, auth, meta, body.loginName, run, (u) => u.userId);
}

export function alterSysUser(deps: ModuleDeps, auth: AuthContext, body: AlterSysUserBody, meta: ClientMeta) {
  const { db } = deps;
  return crud.alter(db, auth, meta, body.userId, async (user) => {
    assertMayManage(auth, user, 'change');
    const role = await assertRole(db, auth, body.roleId);
    const groupIds = await accounts.assertGrantableParks(db, auth, body.groupIds);
    const roleChanged = user.role_id !== body.roleId;
    if (roleChanged && user.is_admin && !role.is_admin && user.enabled) {
      await accounts.assertAdminRemains(db, auth, [user.id], `Taking the administrator role from "${user.login_name}"`);
    }
    const set = { user_name: body.userName, phone: body.phone, role_id: body.roleId };
    await accounts.alterAccount(deps, auth, user.id, { set, groupIds, roleChanged });
    return crud.detail(db, auth, user.id);
  });
}

export function removeSysUsers(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  const { db } = deps;
  const notSelf = (unique: number[]) => {
    if (unique.includes(auth.userId)) throw new ApiError(Code.CONFLICT, 'ids: you cannot remove your own account');
  };
  const run = async (users: AccountRow[]) => {
    for (const u of users) assertMayManage(auth, u, 'remove');
    if (users.some((u) => u.is_admin && u.enabled)) {
      await accounts.assertAdminRemains(
        db,
        auth,
        users.map((u) => u.id),
        'Removing these users',
      );
    }
    await accounts.removeAccounts(deps, auth, users);
  };
  return crud.remove(db, auth, meta, ids, run, notSelf);
}

export function enableSysUser(deps: ModuleDeps, auth: AuthContext, userId: number, enabled: boolean, meta: ClientMeta) {
  const { db } = deps;
  return crud.act(db, auth, meta, enabled ? 'enable' : 'disable', userId, async (user) => {
    assertMayManage(auth, user, enabled ? 'enable' : 'disable');
    if (!enabled && userId === auth.userId) {
      throw new ApiError(Code.CONFLICT, 'userId: you cannot disable your own account');
    }
    if (!enabled && user.is_admin && user.enabled) {
      await accounts.assertAdminRemains(db, auth, [userId], `Disabling "${user.login_name}"`);
    }
    await accounts.setAccountEnabled(deps, auth, userId, enabled);
  });
}

/** An administrator sets a new password; every session of that user ends with 906 (the caller's own stays). */
export function resetSysUserPwd(deps: ModuleDeps, auth: AuthContext, userId: number, newPwd: string, meta: ClientMeta) {
  return crud.act(deps.db, auth, meta, 'resetPassword', userId, async (user) => {
    assertMayManage(auth, user, 'reset the password of');
    await accounts.setPasswordAndEnd(deps, auth, userId, newPwd);
  });
}
