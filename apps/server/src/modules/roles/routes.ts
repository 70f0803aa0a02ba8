import {
  addRoleBody,
  alterRoleBody,
  PERMISSION_CATALOGUE,
  removeRolesBody,
  roleIdQuery,
  roleListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import { addRole, alterRole, listRoles, removeRoles, roleDetail } from './service';

const USER_ADMIN = '/system/user-mgt';

export function roleRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  const tags = ['roles'];
  const { r, get, post } = apiRoutes(app, tags);
  const config = { permitUrl: USER_ADMIN };

  get('/api/merchant/role/getRoleList', config, roleListQuery, (req) => listRoles(db, authOf(req), req.query));
  get('/api/merchant/role/getRoleDetail', config, roleIdQuery, (req) => roleDetail(db, authOf(req), req.query.roleId));
  r.get('/api/merchant/role/getPermissionTree', { config, schema: { tags } }, async () => ok(PERMISSION_CATALOGUE));
  post('/api/merchant/role/addRole', config, addRoleBody, (req) =>
    addRole(deps, authOf(req), req.body, clientMeta(req)),
  );
  post('/api/merchant/role/alterRole', config, alterRoleBody, (req) =>
    alterRole(deps, authOf(req), req.body, clientMeta(req)),
  );
  r.post('/api/merchant/role/removeRole', { config, schema: { tags, body: removeRolesBody } }, async (req) => {
    await removeRoles(deps, authOf(req), req.body.ids, clientMeta(req));
    return ok(null);
  });
}
