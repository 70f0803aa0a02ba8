import { AUTH_HEADER, Code, TOKEN_COOKIE, TOKEN_LIMIT } from '@farmpark/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { resolveSession } from '../modules/auth/sessions';
import type { Publish } from '../mqtt/publish';
import { ApiError } from './apiError';
import { SlidingWindow } from './rateLimit';

/** `AuthToken` header first; the cookie lets plain links and <img> URLs carry the session too. */
export function presentedToken(req: FastifyRequest): string | null {
  const header = req.headers[AUTH_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  if (value?.trim()) return value.trim();
  const cookie = req.cookies?.[TOKEN_COOKIE];
  return cookie?.trim() ? cookie.trim() : null;
}

/**
 * Runs before validation so that a caller without a session learns that first (9xx), then
 * checks the route's permitUrl (1004) and the per-token rate limit (1604).
 */
export function installAuthHook(app: FastifyInstance, deps: { db: Db; publish: Publish }): void {
  const perToken = new SlidingWindow(TOKEN_LIMIT.max, TOKEN_LIMIT.windowMs);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (config.public || config.permitUrl === undefined) return;

    const token = presentedToken(req);
    if (!token) throw new ApiError(Code.TOKEN_MISSING);
    const auth = await resolveSession(deps.db, token, deps.publish);
    if (!perToken.take(String(auth.sessionId))) throw new ApiError(Code.RATE_LIMITED);
    const granted = (url: string) => auth.grants.has(url);
    if (config.permitUrl !== null && !granted(config.permitUrl) && !config.alsoPermitUrls?.some(granted)) {
      throw new ApiError(Code.PERMISSION_DENIED);
    }
    if (auth.kind === 'screen' && !config.screenAccess) {
      throw new ApiError(Code.PERMISSION_DENIED, 'A data-screen account may only open data screens');
    }
    req.auth = auth;
    req.sessionToken = token;
  });
}

/** For handlers on guarded routes: the hook guarantees a context, this makes the type say so. */
export function authOf(req: FastifyRequest) {
  if (!req.auth) throw new Error(`No auth context on ${req.method} ${req.url}: route is not guarded`);
  return req.auth;
}
