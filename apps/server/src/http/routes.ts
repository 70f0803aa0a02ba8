import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType, z } from 'zod';
import type { AuthContext } from '../modules/auth/sessions';
import { authOf } from './authHook';
import { type ClientMeta, clientMeta } from './clientMeta';
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
  const get = <Q extends ZodType>(
    url: string,
    permit: Permit,
    querystring: Q,
    run: Run<{ Querystring: z.output<Q> }>,
  ) => route('GET', url, permit, { querystring }, run as Run<RouteGenericInterface>);
  const post = <B extends ZodType>(url: string, permit: Permit, body: B, run: Run<{ Body: z.output<B> }>) =>
    route('POST', url, permit, { body }, run as Run<RouteGenericInterface>);

  /**
   * The list, add, alter and remove routes of one kind of audited record under `base`: `get<Name>List`,
   * `add<Name>`, `alter<Name>`, `remove<Name>` (by `id`, a list), each a contract schema and the service
   * that answers it, given `deps` first; writes pass the caller's address on for the system log.
   */
  const records = <D, L extends ZodType, A extends ZodType, U extends ZodType>(
    base: string,
    name: string,
    permit: Permit,
    deps: D,
    kind: RecordKind<D, L, A, U>,
  ) => {
    const [list, add, alter, remove] = [kind.list[1], kind.add[1], kind.alter[1], kind.remove[1]];
    get(`${base}/get${name}List`, permit, kind.list[0], (req) => list(deps, authOf(req), req.query as z.output<L>));
    post(`${base}/add${name}`, permit, kind.add[0], (req) =>
      add(deps, authOf(req), req.body as z.output<A>, clientMeta(req)),
    );
    post(`${base}/alter${name}`, permit, kind.alter[0], (req) =>
      alter(deps, authOf(req), req.body as z.output<U>, clientMeta(req)),
    );
    post(`${base}/remove${name}`, permit, kind.remove[0], (req) =>
      remove(deps, authOf(req), req.body.id, clientMeta(req)),
    );
  };
  return { r, get, post, records };
}

/** What `records` serves: per route, its contract schema and the service function that answers it. */
export interface RecordKind<D, L extends ZodType, A extends ZodType, U extends ZodType> {
  list: [L, (deps: D, auth: AuthContext, q: z.output<L>) => unknown];
  add: [A, (deps: D, auth: AuthContext, body: z.output<A>, meta: ClientMeta) => unknown];
  alter: [U, (deps: D, auth: AuthContext, body: z.output<U>, meta: ClientMeta) => unknown];
  remove: [ZodType<{ id: number[] }>, (deps: D, auth: AuthContext, ids: number[], meta: ClientMeta) => unknown];
}
