import {
  type AddSysUserBody,
  type AlterSysUserBody,
  Code,
  type CodeValue,
  type Paged,
  type SysUser,
  type SysUserListQuery,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { scopeOf } from '../../http/scope';
import { hashPassword } from '../auth/secrets';
import { type AuthContext, announceEnded, type EndedSession, endSessions } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { audited } from '../systemLog/service';
import * as repo from './accountRepo';

/** Rules shared by sub-accounts and data-screen accounts: parks, login names, session ending, last admin. */

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const loginNameTaken = (loginName: string) =>
  new ApiError(Code.CONFLICT, `loginName: "${loginName}" is already taken`, {
    field: 'loginName',
    rule: 'taken',
    params: { value: loginName },
  });

export async function assertLoginNameFree(db: Db, loginName: string): Promise<void> {
  if (await repo.findLoginName(db, loginName)) throw loginNameTaken(loginName);
}

/** Every id must be a park of the caller's company that the caller may see. */
export async function assertGrantableParks(db: Db, auth: AuthContext, groupIds: number[]): Promise<number[]> {
  const unique = [...new Set(groupIds)];
  const visible = new Set(await repo.visibleParkIds(db, scopeOf(auth), unique));
  const missing = unique.filter((g) => !visible.has(g));
  if (missing.length) throw notFound(`groupIds: park ${missing.join(', ')}`);
  return unique.sort((a, b) => a - b);
}

export async function assertVisiblePark(db: Db, auth: AuthContext, groupId: number): Promise<void> {
  await assertGrantableParks(db, auth, [groupId]);
}

/** Ends sessions after the transaction that caused it has committed, then tells the consoles. */
export async function endAfterCommit(deps: ModuleDeps, ended: EndedSession[]): Promise<void> {
  await announceEnded(deps.publish, ended);
}

export const endUserSessions = (db: Db, userId: number, merchantId: number, code: CodeValue) =>
  endSessions(db, { userId, merchantId }, code);

/** Refuses a change that would leave the company with no enabled administrator. */
export async function assertAdminRemains(db: Db, merchantId: number, leaving: number[], what: string): Promise<void> {
  if ((await repo.countOtherEnabledAdmins(db, merchantId, leaving)) === 0) {
    throw new ApiError(
      Code.CONFLICT,
      `${what} would leave the company without an enabled administrator; make another user administrator first`,
    );
  }
}

function toSysUser(r: Awaited<ReturnType<typeof repo.findAccount>> & object, groupIds: number[]): SysUser {
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
    lastLoginAt: iso(r.last_login_at),
    createdAt: iso(r.created_at) as string,
  };
}

async function assertRole(db: Db, auth: AuthContext, roleId: number) {
  const role = await repo.findRole(db, auth.merchantId, roleId);
  if (!role) throw notFound(`roleId ${roleId}: role`);
  // Only an administrator can make another: a sub-manager must not hand out more than it holds.
  if (role.is_admin && !auth.isAdmin) {
    throw new ApiError(Code.PERMISSION_DENIED, 'roleId: only an administrator may give the administrator role');
  }
  return role;
}

async function loadUser(db: Db, auth: AuthContext, userId: number) {
  const user = await repo.findAccount(db, auth.merchantId, userId, 'staff');
  if (!user) throw notFound(`userId ${userId}: user`);
  return user;
}

/** A sub-manager may not change administrators (they could lock them out or take their place). */
function assertMayManage(auth: AuthContext, user: { is_admin: number | null; id: number }, verb: string) {
  if (user.is_admin && !auth.isAdmin) {
    throw new ApiError(Code.PERMISSION_DENIED, `userId ${user.id}: only an administrator may ${verb} an administrator`);
  }
}

export async function listSysUsers(db: Db, auth: AuthContext, q: SysUserListQuery): Promise<Paged<SysUser>> {
  if (q.roleId !== undefined && !(await repo.findRole(db, auth.merchantId, q.roleId))) {
    throw notFound(`roleId ${q.roleId}: role`);
  }
  if (q.groupId !== undefined) await assertVisiblePark(db, auth, q.groupId);
  const { rows, total } = await repo.listAccounts(
    db,
    auth.merchantId,
    { kind: 'staff', keyword: q.keyword, roleId: q.roleId, enabled: q.enabled, groupId: q.groupId },
    q.pageNum,
    q.pageSize,
  );
  const parks = await repo.grantedParks(
    db,
    scopeOf(auth),
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toSysUser(r, parks.get(r.id) ?? [])),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function sysUserDetail(db: Db, auth: AuthContext, userId: number): Promise<SysUser> {
  const user = await loadUser(db, auth, userId);
  const parks = await repo.grantedParks(db, scopeOf(auth), [userId]);
  return toSysUser(user, parks.get(userId) ?? []);
}

export function addSysUser(deps: ModuleDeps, auth: AuthContext, body: AddSysUserBody, meta: ClientMeta) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: 'user.add', targetType: 'user', detail: body.loginName },
    async () => {
      await assertRole(db, auth, body.roleId);
      const groupIds = await assertGrantableParks(db, auth, body.groupIds);
      const userId = await createAccount(db, auth, { ...body, kind: 'staff', groupIds });
      return sysUserDetail(db, auth, userId);
    },
    (u) => ({ targetId: u.userId }),
  );
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

export function alterSysUser(deps: ModuleDeps, auth: AuthContext, body: AlterSysUserBody, meta: ClientMeta) {
  const { db } = deps;
  return audited(db, auth, meta, { action: 'user.alter', targetType: 'user', targetId: body.userId }, async () => {
    const user = await loadUser(db, auth, body.userId);
    assertMayManage(auth, user, 'change');
    const role = await assertRole(db, auth, body.roleId);
    const groupIds = await assertGrantableParks(db, auth, body.groupIds);
    const before = (await repo.grantedParks(db, scopeOf(auth), [user.id])).get(user.id) ?? [];
    const roleChanged = user.role_id !== body.roleId;
    const parksChanged = !sameSet(before, groupIds);
    if (roleChanged && user.is_admin && !role.is_admin && user.enabled) {
      await assertAdminRemains(
        db,
        auth.merchantId,
        [user.id],
        `Taking the administrator role from "${user.login_name}"`,
      );
    }
    const ended = await db.transaction().execute(async (trx) => {
      await repo.updateAccount(trx, auth.merchantId, user.id, {
        user_name: body.userName,
        phone: body.phone,
        role_id: body.roleId,
      });
      await repo.replaceParks(trx, scopeOf(auth), user.id, groupIds);
      // One code per change: a new role is the bigger change and already implies a fresh menu.
      if (roleChanged) return endUserSessions(trx, user.id, auth.merchantId, Code.ROLE_CHANGED);
      if (parksChanged) return endUserSessions(trx, user.id, auth.merchantId, Code.PARKS_CHANGED);
      return [];
    });
    await endAfterCommit(deps, ended);
    return sysUserDetail(db, auth, user.id);
  });
}

export function removeSysUsers(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  const { db } = deps;
  const unique = [...new Set(ids)];
  return audited(
    db,
    auth,
    meta,
    { action: 'user.remove', targetType: 'user', targetId: unique.join(',') },
    async () => {
      if (unique.includes(auth.userId)) throw new ApiError(Code.CONFLICT, 'ids: you cannot remove your own account');
      const users = await Promise.all(unique.map((id) => loadUser(db, auth, id)));
      for (const u of users) assertMayManage(auth, u, 'remove');
      if (users.some((u) => u.is_admin && u.enabled)) {
        await assertAdminRemains(db, auth.merchantId, unique, 'Removing these users');
      }
      await removeAccounts(deps, auth, users);
      return users.map((u) => u.login_name);
    },
    (names) => ({ detail: names.join(', ') }),
  );
}

export function enableSysUser(deps: ModuleDeps, auth: AuthContext, userId: number, enabled: boolean, meta: ClientMeta) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: enabled ? 'user.enable' : 'user.disable', targetType: 'user', targetId: userId },
    async () => {
      const user = await loadUser(db, auth, userId);
      assertMayManage(auth, user, enabled ? 'enable' : 'disable');
      if (!enabled && userId === auth.userId) {
        throw new ApiError(Code.CONFLICT, 'userId: you cannot disable your own account');
      }
      if (!enabled && user.is_admin && user.enabled) {
        await assertAdminRemains(db, auth.merchantId, [userId], `Disabling "${user.login_name}"`);
      }
      await setAccountEnabled(deps, auth, userId, enabled);
      return user.login_name;
    },
    (name) => ({ detail: name }),
  );
}

/** An administrator sets a new password; every session of that user ends with 906 (the caller's own stays). */
export function resetSysUserPwd(deps: ModuleDeps, auth: AuthContext, userId: number, newPwd: string, meta: ClientMeta) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: 'user.resetPassword', targetType: 'user', targetId: userId },
    async () => {
      const user = await loadUser(db, auth, userId);
      assertMayManage(auth, user, 'reset the password of');
      await setPasswordAndEnd(deps, auth, userId, newPwd);
      return user.login_name;
    },
    (name) => ({ detail: name }),
  );
}

export async function setPasswordAndEnd(deps: ModuleDeps, auth: AuthContext, userId: number, newPwd: string) {
  const { hash, salt } = await hashPassword(newPwd);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await repo.updateAccount(trx, auth.merchantId, userId, { password_hash: hash, password_salt: salt });
    return endSessions(
      trx,
      { userId, merchantId: auth.merchantId, ...(userId === auth.userId ? { exceptSessionId: auth.sessionId } : {}) },
      Code.PASSWORD_CHANGED,
    );
  });
  await endAfterCommit(deps, ended);
}

/**
 * Creates a sub-account or data-screen account with its parks in one transaction. The caller has
 * checked the role and the parks; a login name taken meanwhile still answers 1006, not a 1500.
 */
export async function createAccount(
  db: Db,
  auth: AuthContext,
  a: {
    kind: 'staff' | 'screen';
    loginName: string;
    loginPwd: string;
    userName: string;
    phone: string;
    roleId: number | null;
    groupIds: number[];
  },
): Promise<number> {
  await assertLoginNameFree(db, a.loginName);
  const { hash, salt } = await hashPassword(a.loginPwd);
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await repo.insertAccount(trx, {
        merchantId: auth.merchantId,
        kind: a.kind,
        loginName: a.loginName,
        userName: a.userName,
        phone: a.phone,
        roleId: a.roleId,
        hash,
        salt,
        now: Date.now(),
      });
      await repo.replaceParks(trx, scopeOf(auth), id, a.groupIds);
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw loginNameTaken(a.loginName);
    throw err;
  }
}

/** Marks accounts removed (freeing their login names) and ends their sessions with 911. */
export async function removeAccounts(
  deps: ModuleDeps,
  auth: AuthContext,
  accounts: readonly { id: number; login_name: string }[],
): Promise<void> {
  const now = Date.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    const out: EndedSession[] = [];
    for (const a of accounts) {
      await repo.markRemoved(trx, auth.merchantId, a.id, a.login_name, now);
      out.push(...(await endUserSessions(trx, a.id, auth.merchantId, Code.ACCOUNT_REMOVED)));
    }
    return out;
  });
  await endAfterCommit(deps, ended);
}

/** Enables or disables an account; disabling ends its sessions with 907. */
export async function setAccountEnabled(deps: ModuleDeps, auth: AuthContext, userId: number, enabled: boolean) {
  const ended = await deps.db.transaction().execute(async (trx) => {
    await repo.updateAccount(trx, auth.merchantId, userId, { enabled: enabled ? 1 : 0 });
    return enabled ? [] : endUserSessions(trx, userId, auth.merchantId, Code.ACCOUNT_DISABLED);
  });
  await endAfterCommit(deps, ended);
}
