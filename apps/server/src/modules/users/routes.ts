import {
  addSysUserBody,
  alterSysUserBody,
  enableUserBody,
  removeUsersBody,
  resetUserPwdBody,
  sysUserListQuery,
  userIdQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import {
  addSysUser,
  alterSysUser,
  enableSysUser,
  listSysUsers,
  removeSysUsers,
  resetSysUserPwd,
  sysUserDetail,
} from './accountService';
import { merchantUsers, userExtend, userInfo } from './service';

const USER_ADMIN = '/system/user-mgt';

export function userRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  const tags = ['users'];
  const { r, get, post } = apiRoutes(app, tags);
  const session = { config: { permitUrl: null, screenAccess: true }, schema: { tags } };
  const anyStaff = { config: { permitUrl: null }, schema: { tags } };
  r.get('/api/merchant/user/center/getMerchantUserInfo', session, async (req) => ok(await userInfo(db, authOf(req))));
  r.get('/api/merchant/user/getSysUserAllList', anyStaff, async (req) => ok(await merchantUsers(db, authOf(req))));
  r.get('/api/merchant/user/getSysUserExtend', session, async (req) => ok(await userExtend(db, authOf(req))));

  const admin = { permitUrl: USER_ADMIN };
  get('/api/merchant/user/getSysUserList', admin, sysUserListQuery, (req) => listSysUsers(db, authOf(req), req.query));
  get('/api/merchant/user/getSysUserDetail', admin, userIdQuery, (req) =>
    sysUserDetail(db, authOf(req), req.query.userId),
  );
  post('/api/merchant/user/addSysUser', admin, addSysUserBody, (req) =>
    addSysUser(deps, authOf(req), req.body, clientMeta(req)),
  );
  post('/api/merchant/user/alterSysUser', admin, alterSysUserBody, (req) =>
    alterSysUser(deps, authOf(req), req.body, clientMeta(req)),
  );
  r.post(
    '/api/merchant/user/removeSysUser',
    { config: admin, schema: { tags, body: removeUsersBody } },
    async (req) => {
      await removeSysUsers(deps, authOf(req), req.body.ids, clientMeta(req));
      return ok(null);
    },
  );
  r.post('/api/merchant/user/enableSysUser', { config: admin, schema: { tags, body: enableUserBody } }, async (req) => {
    await enableSysUser(deps, authOf(req), req.body.userId, req.body.enabled, clientMeta(req));
    return ok(null);
  });
  r.post(
    '/api/merchant/user/resetSysUserPwd',
    { config: admin, schema: { tags, body: resetUserPwdBody } },
    async (req) => {
      await resetSysUserPwd(deps, authOf(req), req.body.userId, req.body.newPwd, clientMeta(req));
      return ok(null);
    },
  );
}
