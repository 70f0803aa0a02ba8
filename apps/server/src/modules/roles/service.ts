import { randomBytes } from 'node:crypto';
import {
  type AddRoleBody,
  ALL_PERMIT_URLS,
  type AlterRoleBody,
  Code,
  expandGrants,
  type Role,
  type RoleDetail,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { listOf } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { type AuthContext, announceEnded, type EndedSession, endSessions } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { auditedCrud } from '../systemLog/auditedCrud';
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

const crud = auditedCrud({
  family: 'role',
  targetType: 'role',
  find: repo.findRole,
  name: (r: RoleRow) => r.name,
});

function assertEditable(role: RoleRow, verb: string) {
  if (role.is_admin) {
    throw new ApiError(Code.CONFLICT, `roleId ${role.id}: the administrator role "${role.name}" cannot be ${verb}`);
  }
}

async function assertNameFree(db: Db, auth: AuthContext, name: string, self?: number) {
  const same = await repo.findRoleByName(db, scopeOf(auth), name);
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

export const listRoles = listOf(repo.listRoles, (rows) => rows.map(toRole));

export async function roleDetail(db: Db, auth: AuthContext, roleId: number): Promise<RoleDetail> {
  const role = await crud.load(db, auth, roleId);
  const permitUrls = role.is_admin ? [...ALL_PERMIT_URLS] : await repo.permitUrls(db, roleId);
  return { ...toRole(role), permitUrls };
}

export function addRole(deps: ModuleDeps, auth: AuthContext, body: AddRoleBody, meta: ClientMeta) {
  const { db } = deps;
  const run = async () => {
    assertGrantable(auth, body.permitUrls);
    await assertNameFree(db, auth, body.roleName);
    const roleId = await db.transaction().execute(async (trx) => {
      // The key is what getMerchantUserInfo reports in `roles`; it must never collide with `admin` or `screen`.
      const id = await repo.insertRole(trx, scopeOf(auth), `r_${randomBytes(6).toString('hex')}`, body.roleName);
      await repo.replacePermitUrls(trx, id, [...new Set(body.permitUrls)]);
      return id;
    });
    return roleDetail(db, auth, roleId);
  };
  return crud.add(db, auth, meta, body.roleName, run, (r) => r.roleId);
}

/** A change of the role's permissions ends the sessions of its users (they must load the new menu). */
export function alterRole(deps: ModuleDeps, auth: AuthContext, body: AlterRoleBody, meta: ClientMeta) {
  const { db } = deps;
  const run = async (role: RoleRow) => {
    assertEditable(role, 'edited');
    assertGrantable(auth, body.permitUrls);
    await assertNameFree(db, auth, body.roleName, role.id);
    const urls = [...new Set(body.permitUrls)];
    const changed = !sameSet(await repo.permitUrls(db, role.id), urls);
    const ended = await db.transaction().execute(async (trx) => {
      await repo.renameRole(trx, scopeOf(auth), role.id, body.roleName);
      if (!changed) return [] as EndedSession[];
      await repo.replacePermitUrls(trx, role.id, urls);
      const out: EndedSession[] = [];
      for (const u of await repo.userIdsOfRole(trx, scopeOf(auth), role.id)) {
        out.push(...(await endSessions(trx, { userId: u.id, merchantId: auth.merchantId }, Code.ROLE_CHANGED)));
      }
      return out;
    });
    await announceEnded(deps.publish, ended);
    return roleDetail(db, auth, role.id);
  };
  return crud.alter(db, auth, meta, body.roleId, run, { detail: body.roleName });
}

export function removeRoles(deps: ModuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  const { db } = deps;
  return crud.remove(db, auth, meta, ids, async (roles) => {
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
    await db.transaction().execute((trx) =>
      repo.deleteRoles(
        trx,
        scopeOf(auth),
        roles.map((r) => r.id),
      ),
    );
  });
}
