import { randomBytes } from 'node:crypto';
import { publicCodeQuery } from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientMeta } from '../../../http/clientMeta';
import { ok } from '../../../http/envelope';
import { RateLimitedError, SlidingWindow, withRetryAfter } from '../../../http/rateLimit';
import type { ModuleDeps } from '../../context';
import { isTraceCodeShape } from './generator';
import { codeOfProduct } from './scanRepo';
import type { ScanCode } from './scans';

/**
 * The consumer's side of one item one code, no login: the code read behind /OC (rate limited per address,
 * one scan per visit) and the GS1 Digital Link path printed in QR codes of batches with a GTIN, which
 * redirects to the same /OC page.
 */
export const PUBLIC_CODE_LIMIT = { max: 60, windowMs: 60_000 };
/** A visit: the page's cookie (or an app's header) names it; reloads within it count once. */
const VISIT_COOKIE = 'fp_trace_visit';
const VISIT_HOURS = 12;
const VISIT_SHAPE = /^[A-Za-z0-9_-]{16,32}$/;

function visitOf(req: FastifyRequest, reply: FastifyReply): string {
  const given = req.headers['x-visit-id'] ?? req.cookies[VISIT_COOKIE];
  if (typeof given === 'string' && VISIT_SHAPE.test(given)) return given;
  const visit = randomBytes(16).toString('base64url');
  reply.setCookie(VISIT_COOKIE, visit, {
    path: '/api/public/trace',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: VISIT_HOURS * 3600,
  });
  return visit;
}

const gs1Params = z.object({
  gtin: z.string().regex(/^\d{14}$/),
  lot: z.string().min(1).max(20),
  serial: z.string().min(1).max(20),
});

export function traceCodePublicRoutes(
  app: FastifyInstance,
  { db }: Pick<ModuleDeps, 'db'>,
  scanCode: ScanCode,
  limit = PUBLIC_CODE_LIMIT,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perAddress = new SlidingWindow(limit.max, limit.windowMs);

  r.get(
    '/api/public/trace/code',
    { config: { public: true }, schema: { tags: ['public'], querystring: publicCodeQuery } },
    async (req, reply) =>
      withRetryAfter(
        reply,
        (async () => {
          const { ip } = clientMeta(req);
          if (!perAddress.take(ip)) throw new RateLimitedError(perAddress.retryAfter(ip));
          return ok(await scanCode({ code: req.query.code, visit: visitOf(req, reply), ip }));
        })(),
      ),
  );

  // GS1 Digital Link (AI 01 GTIN, 10 lot, 21 serial = our code). A path whose GTIN and lot are not the
  // code's batch opens /OC without a code (the page says unknown): a real code stuck on another product.
  r.get(
    '/01/:gtin/10/:lot/21/:serial',
    { config: { public: true }, schema: { hide: true, params: gs1Params } },
    async (req, reply) => {
      const { gtin, lot, serial } = req.params;
      const code = serial.toUpperCase();
      const match = isTraceCodeShape(code) ? await codeOfProduct(db, code, gtin, lot) : undefined;
      return reply.redirect(match ? `/OC?code=${code}` : '/OC?code=', 302);
    },
  );
}
