import { randomBytes } from 'node:crypto';
import { type PublicCodeAnswer, publicCodeQuery, publicProductQuery } from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientMeta } from '../../../http/clientMeta';
import { ok } from '../../../http/envelope';
import { withRetryAfter } from '../../../http/rateLimit';
import type { ModuleDeps } from '../../context';
import { gs1ResolverRoutes } from '../gs1/resolverRoutes';
import { GuessLimit, PUBLIC_READ_LIMIT, staffMerchantOf } from '../publicReads';
import type { Scanner } from './scans';

/**
 * The consumer's side of one item one code, no login: the code read behind /OC (one scan per visit; lookups
 * of codes that do not exist limited per address), the product read behind a GS1 Digital Link without a
 * serial, and the resolver of the Digital Link paths printed in QR codes of batches with a GTIN.
 */
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

export function traceCodePublicRoutes(
  app: FastifyInstance,
  { db }: Pick<ModuleDeps, 'db'>,
  scanner: Scanner,
  limit = PUBLIC_READ_LIMIT,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guesses = new GuessLimit(limit);
  /** Admits the address, reads, and counts a read that found nothing against it. */
  const limited = (req: FastifyRequest, reply: FastifyReply, read: (ip: string) => Promise<PublicCodeAnswer>) =>
    withRetryAfter(
      reply,
      (async () => {
        const { ip } = clientMeta(req);
        guesses.admit(ip);
        const answer = await read(ip);
        if (answer.status === 'unknown') guesses.missed(ip);
        return ok(answer);
      })(),
    );

  r.get(
    '/api/public/trace/code',
    { config: { public: true }, schema: { tags: ['public'], querystring: publicCodeQuery } },
    (req, reply) =>
      limited(req, reply, async (ip) =>
        scanner.scanCode({
          code: req.query.code,
          visit: visitOf(req, reply),
          ip,
          staffMerchantId: await staffMerchantOf(db, req),
          gtin: req.query.gtin,
          lot: req.query.lot,
        }),
      ),
  );
  r.get(
    '/api/public/trace/product',
    { config: { public: true }, schema: { tags: ['public'], querystring: publicProductQuery } },
    (req, reply) => limited(req, reply, () => scanner.readProduct(req.query.gtin, req.query.lot)),
  );
  gs1ResolverRoutes(app);
}
