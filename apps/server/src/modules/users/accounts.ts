import { Code, type CodeValue, type Paged, type UserKind } from '@farmpark/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { UsersTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import { scopeOf } from '../../http/scope';
import { hashPassword } from '../auth/secrets';
import { type AuthContext, announceEnded, type EndedSession, endSessions } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { auditedCrud } from '../systemLog/auditedCrud';
import { linkedParks, replaceLinkedParks } from './parkLinksRepo';
import * as repo from './repo';

/** Rules shared by sub-accounts and data-screen accounts: parks, login names, session ending, last admin. */

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export type AccountRow = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

/** The parks granted to each account, among those the caller may see. */
const grantedParks = (db: Db, auth: AuthContext, userIds: number[]) =>
  linkedParks(db, scopeOf(auth), 'user_groups', userIds);

/**
 * Reads and audits the accounts of one kind: `user` (sub-accounts, staff) or `screenAccount` (data-screen
 * accounts); `to` shapes an account with its parks for the pages.
 */
export function accountCrud<F extends 'user' | 'screenAccount', T>(
  family: F,
  kind: UserKind,
  noun: string,
  to: (row: AccountRow, groupIds: number[]) => T,
) {
  const crud = auditedCrud({
    family,
    targetType: 'user',
    missing: (id) => `userId ${id}: ${noun}`,
    find: (db, scope, id) => repo.findAccount(db, scope, id, kind),
    name: (r: AccountRow) => r.login_name,
  });
  return {
    ...crud,
    /** One account as the caller sees it, with the parks it is granted among the caller's. */
    async detail(db: Db, auth: AuthContext, userId: number): Promise<T> {
      const row = await crud.load(db, auth, userId);
      return to(row, (await grantedParks(db, auth, [userId])).get(userId) ?? []);
    },
    /** A page of the accounts, each with the parks it is granted among the caller's. */
    async page(
      db: Db,
      auth: AuthContext,
      filter: Omit<repo.AccountFilter, 'kind'>,
      q: { pageNum: number; pageSize: number },
    ): Promise<Paged<T>> {
      const { rows, total } = await repo.listAccounts(db, scopeOf(auth), { ...filter, kind }, q);
      const parks = await grantedParks(
        db,
        auth,
        rows.map((r) => r.id),
      );
      return { list: rows.map((r) => to(r, parks.get(r.id) ?? [])), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },
  };
}

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

/**
 * Changes an account's own fields and its parks among the caller's in one transaction, then ends its
 * sessions when its menu or parks changed: one code per change, a new role being the bigger one (it
 * already implies a fresh menu).
 */
export async function alterAccount(
  deps: ModuleDeps,
  auth: AuthContext,
  userId: number,
  change: { set: Updateable<UsersTable>; groupIds: number[]; roleChanged?: boolean },
) {
  const ended = await deps.db.transaction().execute(async (trx) => {
    const before = (await grantedParks(trx, auth, [userId])).get(userId) ?? [];
    await repo.updateAccount(trx, scopeOf(auth), userId, change.set);
    await replaceLinkedParks(trx, scopeOf(auth), 'user_groups', userId, change.groupIds);
    const after = new Set(change.groupIds);
    const parksChanged = before.length !== after.size || before.some((g) => !after.has(g));
    const code = change.roleChanged ? Code.ROLE_CHANGED : parksChanged ? Code.PARKS_CHANGED : null;
    return code === null ? [] : endUserSessions(trx, userId, auth.merchantId, code);
  });
  await endAfterCommit(deps, ended);
}

/** Tells the consoles of sessions ended by a transaction, once it has committed. */
async function endAfterCommit(deps: ModuleDeps, ended: EndedSession[]): Promise<void> {
  await announceEnded(deps.publish, ended);
}

const endUserSessions = (db: Db, userId: number, merchantId: number, code: CodeValue) =>
  endSessions(db, { userId, merchantId }, code);

/** Refuses a change that would leave the company with no enabled administrator. */
export async function assertAdminRemains(db: Db, auth: AuthContext, leaving: number[], what: string): Promise<void> {
  if ((await repo.countOtherEnabledAdmins(db, scopeOf(auth), leaving)) === 0) {
    throw new ApiError(
      Code.CONFLICT,
      `${what} would leave the company without an enabled administrator; make another user administrator first`,
    );
  }
}

export async function setPasswordAndEnd(deps: ModuleDeps, auth: AuthContext, userId: number, newPwd: string) {
  const { hash, salt } = await hashPassword(newPwd);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await repo.updateAccount(trx, scopeOf(auth), userId, { password_hash: hash, password_salt: salt });
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
    kind: UserKind;
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
      const id = await repo.insertAccount(trx, scopeOf(auth), { ...a, hash, salt, now: Date.now() });
      await replaceLinkedParks(trx, scopeOf(auth), 'user_groups', id, a.groupIds);
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw loginNameTaken(a.loginName);
    throw err;
  }
}

/** Marks accounts removed (freeing their login names) and ends their sessions with 911. */
export async function removeAccounts(deps: ModuleDeps, auth: AuthContext, accounts: readonly AccountRow[]) {
  const now = Date.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    const out: EndedSession[] = [];
    for (const a of accounts) {
      await repo.markRemoved(trx, scopeOf(auth), a.id, a.login_name, now);
      out.push(...(await endUserSessions(trx, a.id, auth.merchantId, Code.ACCOUNT_REMOVED)));
    }
    return out;
  });
  await endAfterCommit(deps, ended);
}

/** Enables or disables an account; disabling ends its sessions with 907. */
export async function setAccountEnabled(deps: ModuleDeps, auth: AuthContext, userId: number, enabled: boolean) {
  const ended = await deps.db.transaction().execute(async (trx) => {
    await repo.updateAccount(trx, scopeOf(auth), userId, { enabled: enabled ? 1 : 0 });
    return enabled ? [] : endUserSessions(trx, userId, auth.merchantId, Code.ACCOUNT_DISABLED);
  });
  await endAfterCommit(deps, ended);
}
