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
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import type { AccountRow } from '../users/accounts';
import * as accounts from '../users/accounts';

/** Data-screen accounts: users of kind 'screen', no role, their parks in user_groups. */

const toAccount = (r: AccountRow, groupIds: number[]): ScreenAccount => ({
  userId: r.id,
  loginName: r.login_name,
  userName: r.user_name,
  phone: r.phone,
  enabled: Boolean(r.enabled),
  groupIds,
  lastLoginAt: accounts.iso(r.last_login_at),
  createdAt: accounts.iso(r.created_at) as string,
});

const crud = accounts.accountCrud('screenAccount', 'screen', 'data-screen account', toAccount);

export function listScreenAccounts(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<ScreenAccount>> {
  return crud.page(db, auth, { keyword: q.keyword }, q);
}

export function addScreenAccount(deps: ModuleDeps, auth: AuthContext, body: AddScreenAccountBody, meta: ClientMeta) {
  const { db } = deps;
  const run = async () => {
    const groupIds = await accounts.assertGrantableParks(db, auth, body.groupIds);
    const id = await accounts.createAccount(db, auth, { ...body, kind: 'screen', roleId: null, groupIds });
    return crud.detail(db, auth, id);
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
    const groupIds = await accounts.assertGrantableParks(db, auth, body.groupIds);
    await accounts.alterAccount(deps, auth, row.id, { set: { user_name: body.userName, phone: body.phone }, groupIds });
    if (body.loginPwd) await accounts.setPasswordAndEnd(deps, auth, row.id, body.loginPwd);
    return crud.detail(db, auth, row.id);
  };
  return crud.alter(db, auth, meta, body.userId, run, { describe: (a) => ({ detail: a.loginName }) });
}

export function removeScreenAccounts(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  return crud.remove(deps.db, auth, meta, ids, (rows) => accounts.removeAccounts(deps, auth, rows));
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
    await accounts.setAccountEnabled(deps, auth, userId, enabled);
  });
}
