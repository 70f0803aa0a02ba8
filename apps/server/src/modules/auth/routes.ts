import { loginBody, resetLoginPwdBody } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { withRetryAfter } from '../../http/rateLimit';
import type { ModuleDeps } from '../context';
import { createLoginLimits, login, logout, resetPassword } from './service';

const logoutQuery = z.object({ token: z.string().trim().min(1, 'token must not be empty').optional() });

export function authRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = createLoginLimits();

  r.post(
    '/api/merchant/login/loginByPassword',
    { config: { public: true }, schema: { tags: ['auth'], body: loginBody } },
    async (req, reply) => ok(await withRetryAfter(reply, login(deps, limits, req.body, clientMeta(req)))),
  );

  r.get(
    '/api/merchant/user/center/logout',
    { config: { permitUrl: null, screenAccess: true }, schema: { tags: ['auth'], querystring: logoutQuery } },
    async (req) => {
      await logout(deps, authOf(req), req.query.token, clientMeta(req));
      return ok(null);
    },
  );

  r.post(
    '/api/merchant/user/resetLoginPwd',
    { config: { permitUrl: null, screenAccess: true }, schema: { tags: ['auth'], body: resetLoginPwdBody } },
    async (req, reply) => {
      await withRetryAfter(reply, resetPassword(deps, limits, authOf(req), req.body, clientMeta(req)));
      return ok(null);
    },
  );
}
