import {
  type AddScreenAccountBody,
  type AlterScreenAccountBody,
  Code,
  type Paged,
  type ScreenAccount,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { audited } from '../systemLog/service';
import * as repo from '../users/accountRepo';
import {
  assertGrantableParks,
  createAccount,
  endAfterCommit,
  endUserSessions,
  iso,
  removeAccounts,
  setAccountEnabled,
  setPasswordAndEnd,
} from '../users/accountService';

/** Data-screen accounts: users of kind 'screen', no role, their parks in user_groups. */

type Row = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

const toAccount = (r: Row, groupIds: number[]): ScreenAccount => ({
  userId: r.id,
  loginName: r.login_name,
  userName: r.user_name,
  phone: r.phone,
  enabled: Boolean(r.enabled),
  groupIds,
  lastLoginAt: iso(r.last_login_at),
  createdAt: iso(r.created_at) as string,
});

async function load(db: Db, auth: AuthContext, userId: number): Promise<Row> {
  const row = await repo.findAccount(db, auth.merchantId, userId, 'screen');
  if (!row) throw notFound(`userId ${userId}: data-screen account`);
  return row;
}

export async function listScreenAccounts(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<ScreenAccount>> {
  const { rows, total } = await repo.listAccounts(
    db,
    auth.merchantId,
    { kind: 'screen', keyword: q.keyword },
    q.pageNum,
    q.pageSize,
  );
  const parks = await repo.grantedParks(
    db,
    scopeOf(auth),
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toAccount(r, parks.get(r.id) ?? [])),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

async function detail(db: Db, auth: AuthContext, userId: number) {
  const row = await load(db, auth, userId);
  return toAccount(row, (await repo.grantedParks(db, scopeOf(auth), [userId])).get(userId) ?? []);
}

export function addScreenAccount(deps: ModuleDeps, auth: AuthContext, body: AddScreenAccountBody, meta: ClientMeta) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: 'screenAccount.add', targetType: 'user', detail: body.loginName },
    async () => {
      const groupIds = await assertGrantableParks(db, auth, body.groupIds);
      const id = await createAccount(db, auth, { ...body, kind: 'screen', roleId: null, groupIds });
      return detail(db, auth, id);
    },
    (a) => ({ targetId: a.userId }),
  );
}

export function alterScreenAccount(
  deps: ModuleDeps,
  auth: AuthContext,
  body: AlterScreenAccountBody,
  meta: ClientMeta,
) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: 'screenAccount.alter', targetType: 'user', targetId: body.userId },
    async () => {
      const row = await load(db, auth, body.userId);
      const groupIds = await assertGrantableParks(db, auth, body.groupIds);
      const before = (await repo.grantedParks(db, scopeOf(auth), [row.id])).get(row.id) ?? [];
      const parksChanged = before.length !== groupIds.length || before.some((g) => !groupIds.includes(g));
      const ended = await db.transaction().execute(async (trx) => {
        await repo.updateAccount(trx, auth.merchantId, row.id, { user_name: body.userName, phone: body.phone });
        await repo.replaceParks(trx, scopeOf(auth), row.id, groupIds);
        return parksChanged ? endUserSessions(trx, row.id, auth.merchantId, Code.PARKS_CHANGED) : [];
      });
      await endAfterCommit(deps, ended);
      if (body.loginPwd) await setPasswordAndEnd(deps, auth, row.id, body.loginPwd);
      return detail(db, auth, row.id);
    },
    (a) => ({ detail: a.loginName }),
  );
}

export function removeScreenAccounts(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  const { db } = deps;
  const unique = [...new Set(ids)];
  return audited(
    db,
    auth,
    meta,
    { action: 'screenAccount.remove', targetType: 'user', targetId: unique.join(',') },
    async () => {
      const rows = await Promise.all(unique.map((id) => load(db, auth, id)));
      await removeAccounts(deps, auth, rows);
      return rows.map((r) => r.login_name);
    },
    (names) => ({ detail: names.join(', ') }),
  );
}

export function enableScreenAccount(
  deps: ModuleDeps,
  auth: AuthContext,
  userId: number,
  enabled: boolean,
  meta: ClientMeta,
) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: enabled ? 'screenAccount.enable' : 'screenAccount.disable', targetType: 'user', targetId: userId },
    async () => {
      const row = await load(db, auth, userId);
      if (userId === auth.userId) throw new ApiError(Code.CONFLICT, 'userId: you cannot disable your own account');
      await setAccountEnabled(deps, auth, userId, enabled);
      return row.login_name;
    },
    (name) => ({ detail: name }),
  );
}
