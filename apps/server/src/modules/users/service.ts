import type { MerchantUserInfo, SysUserBrief, SysUserExtend } from '@farmpark/contracts';
import { permitTreeOfExpanded, SCREEN_ROLE } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import * as repo from './repo';

const iso = (ms: number) => new Date(ms).toISOString();

/** The caller's own row, and the names both self-descriptions start with. */
async function loadSelf(db: Db, auth: AuthContext) {
  const row = await repo.findUserInfo(db, scopeOf(auth), auth.userId);
  if (!row) throw notFound('user');
  return { row, names: { userId: row.id, loginName: row.login_name, userName: row.user_name } };
}

export async function userInfo(db: Db, auth: AuthContext): Promise<MerchantUserInfo> {
  const { row, names } = await loadSelf(db, auth);
  return {
    ...names,
    userLoge: row.logo_url,
    userCompanyAbb: row.abbreviation,
    merchantId: row.merchant_id,
    merchantName: row.merchant_name,
    roles: auth.kind === 'screen' ? [SCREEN_ROLE] : auth.isAdmin ? ['admin'] : auth.roleKey ? [auth.roleKey] : [],
    // a data-screen account reads some pages' data for its screens, but opens none of them: no menu
    permitList: auth.kind === 'screen' ? [] : permitTreeOfExpanded(auth.grants),
  };
}

export async function userExtend(db: Db, auth: AuthContext): Promise<SysUserExtend> {
  const { row, names } = await loadSelf(db, auth);
  return {
    ...names,
    phone: row.phone,
    roleId: row.role_id,
    roleName: row.role_name ?? '',
    groupIds: auth.groupIds,
    lastLoginAt: row.last_login_at === null ? null : iso(row.last_login_at),
    createdAt: iso(row.created_at),
  };
}

export async function merchantUsers(db: Db, auth: AuthContext): Promise<SysUserBrief[]> {
  const rows = await repo.listMerchantUsers(db, scopeOf(auth));
  return rows.map((r) => ({
    userId: r.id,
    loginName: r.login_name,
    userName: r.user_name,
    enabled: Boolean(r.enabled),
  }));
}
