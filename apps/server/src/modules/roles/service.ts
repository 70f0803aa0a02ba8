import { randomBytes } from 'node:crypto';
import {
  type AddRoleBody,
  ALL_PERMIT_URLS,
  type AlterRoleBody,
  Code,
  expandGrants,
  type Paged,
  type Role,
  type RoleDetail,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { type AuthContext, announceEnded, type EndedSession, endSessions } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { audited } from '../systemLog/service';
import * as repo from './repo';

type RoleRow = NonNullable<Awaited<ReturnType<typeof repo.findRole>>>;

const toRole = (r: RoleRow): Role => ({
  roleId: r.id,
  roleKey: r.role_key,
  roleName: r.name,
  isAdmin: Boolean(r.is_admin),
  userCount: Number(r.n ?? 0),
});

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

async function loadRole(db: Db, auth: AuthContext, roleId: number): Promise<RoleRow> {
  const role = await repo.findRole(db, auth.merchantId, roleId);
  if (!role) throw notFound(`roleId ${roleId}: role`);
  return role;
}

function assertEditable(role: RoleRow, verb: string) {
  if (role.is_admin) {
    throw new ApiError(Code.CONFLICT, `roleId ${role.id}: the administrator role "${role.name}" cannot be ${verb}`);
  }
}

async function assertNameFree(db: Db, auth: AuthContext, name: string, self?: number) {
  const same = await repo.findRoleByName(db, auth.merchantId, name);
  if (same && same.id !== self)
    throw new ApiError(Code.CONFLICT, `roleName: a role named "${name}" already exists`, {
      field: 'roleName',
      rule: 'duplicate',
      params: { value: name },
    });
}

/** A sub-manager may not create a role that grants more than it holds itself. */
function assertGrantable(auth: AuthContext, urls: string[]) {
  const beyond = [...expandGrants(urls)].filter((u) => !auth.grants.has(u));
  if (beyond.length) {
    throw new ApiError(Code.PERMISSION_DENIED, `permitUrls: you may not grant ${beyond[0]}, which you do not hold`);
  }
}

export async function listRoles(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<Role>> {
  const { rows, total } = await repo.listRoles(db, auth.merchantId, q.keyword, q.pageNum, q.pageSize);
  return { list: rows.map(toRole), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function roleDetail(db: Db, auth: AuthContext, roleId: number): Promise<RoleDetail> {
  const role = await loadRole(db, auth, roleId);
  const permitUrls = role.is_admin ? [...ALL_PERMIT_URLS] : await repo.permitUrls(db, roleId);
  return { ...toRole(role), permitUrls };
}

export function addRole(deps: ModuleDeps, auth: AuthContext, body: AddRoleBody, meta: ClientMeta) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: 'role.add', targetType: 'role', detail: body.roleName },
    async () => {
      assertGrantable(auth, body.permitUrls);
      await assertNameFree(db, auth, body.roleName);
      const urls = [...new Set(body.permitUrls)];
      const roleId = await db.transaction().execute(async (trx) => {
        // The key is what getMerchantUserInfo reports in `roles`; it must never collide with `admin` or `screen`.
        const id = await repo.insertRole(trx, auth.merchantId, `r_${randomBytes(6).toString('hex')}`, body.roleName);
        await repo.replacePermitUrls(trx, id, urls);
        return id;
      });
      return roleDetail(db, auth, roleId);
    },
    (r) => ({ targetId: r.roleId }),
  );
}

export function alterRole(deps: ModuleDeps, auth: AuthContext, body: AlterRoleBody, meta: ClientMeta) {
  const { db } = deps;
  return audited(
    db,
    auth,
    meta,
    { action: 'role.alter', targetType: 'role', targetId: body.roleId, detail: body.roleName },
    async () => {
      const role = await loadRole(db, auth, body.roleId);
      assertEditable(role, 'edited');
      assertGrantable(auth, body.permitUrls);
      await assertNameFree(db, auth, body.roleName, role.id);
      const urls = [...new Set(body.permitUrls)];
      const before = await repo.permitUrls(db, role.id);
      const changed = !sameSet(before, urls);
      const ended = await db.transaction().execute(async (trx) => {
        await repo.renameRole(trx, auth.merchantId, role.id, body.roleName);
        if (!changed) return [] as EndedSession[];
        await repo.replacePermitUrls(trx, role.id, urls);
        const users = await repo.userIdsOfRole(trx, auth.merchantId, role.id);
        const out: EndedSession[] = [];
        for (const u of users) {
          out.push(...(await endSessions(trx, { userId: u.id, merchantId: auth.merchantId }, Code.ROLE_CHANGED)));
        }
        return out;
      });
      await announceEnded(deps.publish, ended);
      return roleDetail(db, auth, role.id);
    },
  );
}

export function removeRoles(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  const { db } = deps;
  const unique = [...new Set(ids)];
  return audited(
    db,
    auth,
    meta,
    { action: 'role.remove', targetType: 'role', targetId: unique.join(',') },
    async () => {
      const roles = await Promise.all(unique.map((id) => loadRole(db, auth, id)));
      for (const role of roles) {
        assertEditable(role, 'removed');
        const held = Number(role.n ?? 0);
        if (held > 0) {
          throw new ApiError(
            Code.CONFLICT,
            `roleId ${role.id}: ${held} user${held === 1 ? ' still holds' : 's still hold'} the role "${role.name}"; give ${held === 1 ? 'that user' : 'them'} another role first`,
            { rule: 'inUse', params: { count: held, value: role.name } },
          );
        }
      }
      await db.transaction().execute(async (trx) => {
        for (const role of roles) await repo.deleteRole(trx, auth.merchantId, role.id);
      });
      return roles.map((r) => r.name);
    },
    (names) => ({ detail: names.join(', ') }),
  );
}
