import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType, z } from 'zod';
import { ok } from './envelope';

/** Who may call a route: the permitUrl it needs (null: any signed-in user), or its whole config. */
type Permit = string | null | FastifyContextConfig;
type Run<G extends RouteGenericInterface> = (req: FastifyRequest<G>) => unknown;

const configOf = (permit: Permit): FastifyContextConfig =>
  typeof permit === 'object' && permit !== null ? permit : { permitUrl: permit };

/**
 * The shape of most /api routes, written once: a GET or POST checked against its contract schema whose
 * answer is `run`'s result in the envelope. Routes that stream, send files or shape their reply keep
 * using `r` (the same typed instance).
 */
export function apiRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = (
    method: 'GET' | 'POST',
    url: string,
    permit: Permit,
    schema: { querystring: ZodType } | { body: ZodType },
    run: Run<RouteGenericInterface>,
  ) =>
    r.route({
      method,
      url,
      config: configOf(permit),
      schema: { tags, ...schema },
      handler: async (req) => ok(await run(req)),
    });
  return {
    r,
    get: <Q extends ZodType>(url: string, permit: Permit, querystring: Q, run: Run<{ Querystring: z.output<Q> }>) =>
      route('GET', url, permit, { querystring }, run as Run<RouteGenericInterface>),
    post: <B extends ZodType>(url: string, permit: Permit, body: B, run: Run<{ Body: z.output<B> }>) =>
      route('POST', url, permit, { body }, run as Run<RouteGenericInterface>),
  };
}
