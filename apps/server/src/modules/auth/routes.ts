import { linkTokenBody, linkTokenCheckQuery, loginBody, resetLoginPwdBody } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { withRetryAfter } from '../../http/rateLimit';
import type { ModuleDeps } from '../context';
import { checkLinkToken, issueLinkToken } from './linkTokens';
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

  // SPEC §3: help and the new-version screen open on other hosts "with the token"; they get a link token that
  // opens only them, for two minutes, and the other host asks the check route who it stands for (docs/API.md).
  r.post(
    '/api/merchant/user/center/getLinkToken',
    { config: { permitUrl: null }, schema: { tags: ['auth'], body: linkTokenBody } },
    async (req) => ok(await issueLinkToken(deps.db, authOf(req), req.body.target)),
  );

  r.get(
    '/api/public/linkToken/check',
    { config: { public: true }, schema: { tags: ['auth'], querystring: linkTokenCheckQuery } },
    async (req) => ok(await checkLinkToken(deps.db, req.query.token, req.query.target)),
  );
}
