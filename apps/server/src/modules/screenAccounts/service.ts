import {
  type AddScreenAccountBody,
  type AlterScreenAccountBody,
  Code,
  type Paged,
  type ScreenAccount,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { updateAccount } from '../users/accountRepo';
import {
  type AccountRow,
  accountCrud,
  accountPage,
  assertGrantableParks,
  createAccount,
  endAfterCommit,
  endUserSessions,
  grantedParks,
  iso,
  removeAccounts,
  replaceParks,
  setAccountEnabled,
  setPasswordAndEnd,
} from '../users/accounts';

/** Data-screen accounts: users of kind 'screen', no role, their parks in user_groups. */

const crud = accountCrud('screenAccount', 'screen', 'data-screen account');

const toAccount = (r: AccountRow, groupIds: number[]): ScreenAccount => ({
  userId: r.id,
  loginName: r.login_name,
  userName: r.user_name,
  phone: r.phone,
  enabled: Boolean(r.enabled),
  groupIds,
  lastLoginAt: iso(r.last_login_at),
  createdAt: iso(r.created_at) as string,
});

export function listScreenAccounts(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<ScreenAccount>> {
  return accountPage(db, auth, { kind: 'screen', keyword: q.keyword }, q, toAccount);
}

async function detail(db: Db, auth: AuthContext, userId: number) {
  const row = await crud.load(db, auth, userId);
  return toAccount(row, (await grantedParks(db, auth, [userId])).get(userId) ?? []);
}

export function addScreenAccount(deps: ModuleDeps, auth: AuthContext, body: AddScreenAccountBody, meta: ClientMeta) {
  const { db } = deps;
  const run = async () => {
    const groupIds = await assertGrantableParks(db, auth, body.groupIds);
    return detail(db, auth, await createAccount(db, auth, { ...body, kind: 'screen', roleId: null, groupIds }));
  };
  return crud.add(db, auth, meta, body.loginName, run, (a) => a.userId);
}

export function alterScreenAccount(
  deps: ModuleDeps,
  auth: AuthContext,
  body: AlterScreenAccountBody,
  meta: ClientMeta,
) {
  const { db } = deps;
  const run = async (row: AccountRow) => {
    const groupIds = await assertGrantableParks(db, auth, body.groupIds);
    const ended = await db.transaction().execute(async (trx) => {
      await updateAccount(trx, scopeOf(auth), row.id, { user_name: body.userName, phone: body.phone });
      const parksChanged = await replaceParks(trx, auth, row.id, groupIds);
      return parksChanged ? endUserSessions(trx, row.id, auth.merchantId, Code.PARKS_CHANGED) : [];
    });
    await endAfterCommit(deps, ended);
    if (body.loginPwd) await setPasswordAndEnd(deps, auth, row.id, body.loginPwd);
    return detail(db, auth, row.id);
  };
  return crud.alter(db, auth, meta, body.userId, run, { describe: (a) => ({ detail: a.loginName }) });
}

export function removeScreenAccounts(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  return crud.remove(deps.db, auth, meta, ids, (rows) => removeAccounts(deps, auth, rows));
}

export function enableScreenAccount(
  deps: ModuleDeps,
  auth: AuthContext,
  userId: number,
  enabled: boolean,
  meta: ClientMeta,
) {
  return crud.act(deps.db, auth, meta, enabled ? 'enable' : 'disable', userId, async () => {
    if (userId === auth.userId) throw new ApiError(Code.CONFLICT, 'userId: you cannot disable your own account');
    await setAccountEnabled(deps, auth, userId, enabled);
  });
}
