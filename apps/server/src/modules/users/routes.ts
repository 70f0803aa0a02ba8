import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { merchantUsers, userExtend, userInfo } from './service';

export function userRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const guarded = { config: { permitUrl: null }, schema: { tags: ['users'] } };
  app.get('/api/merchant/user/center/getMerchantUserInfo', guarded, async (req) => ok(await userInfo(db, authOf(req))));
  app.get('/api/merchant/user/getSysUserAllList', guarded, async (req) => ok(await merchantUsers(db, authOf(req))));
  app.get('/api/merchant/user/getSysUserExtend', guarded, async (req) => ok(await userExtend(db, authOf(req))));
}
