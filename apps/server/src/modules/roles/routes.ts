import {
  addRoleBody,
  alterRoleBody,
  PERMISSION_CATALOGUE,
  removeRolesBody,
  roleIdQuery,
  roleListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { addRole, alterRole, listRoles, removeRoles, roleDetail } from './service';

const USER_ADMIN = '/system/user-mgt';

export function roleRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];
  const config = { permitUrl: USER_ADMIN };

  r.get('/api/merchant/role/getRoleList', { config, schema: { tags, querystring: roleListQuery } }, async (req) =>
    ok(await listRoles(db, authOf(req), req.query)),
  );
  r.get('/api/merchant/role/getRoleDetail', { config, schema: { tags, querystring: roleIdQuery } }, async (req) =>
    ok(await roleDetail(db, authOf(req), req.query.roleId)),
  );
  r.get('/api/merchant/role/getPermissionTree', { config, schema: { tags } }, async () => ok(PERMISSION_CATALOGUE));
  r.post('/api/merchant/role/addRole', { config, schema: { tags, body: addRoleBody } }, async (req) =>
    ok(await addRole(deps, authOf(req), req.body, clientMeta(req))),
  );
  r.post('/api/merchant/role/alterRole', { config, schema: { tags, body: alterRoleBody } }, async (req) =>
    ok(await alterRole(deps, authOf(req), req.body, clientMeta(req))),
  );
  r.post('/api/merchant/role/removeRole', { config, schema: { tags, body: removeRolesBody } }, async (req) => {
    await removeRoles(deps, authOf(req), req.body.ids, clientMeta(req));
    return ok(null);
  });
}
