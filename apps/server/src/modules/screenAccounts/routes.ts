import {
  addScreenAccountBody,
  alterScreenAccountBody,
  enableUserBody,
  removeUsersBody,
  screenAccountListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import {
  addScreenAccount,
  alterScreenAccount,
  enableScreenAccount,
  listScreenAccounts,
  removeScreenAccounts,
} from './service';

const BASE = '/api/merchant/screenAccount';

export function screenAccountRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['screenAccounts'];
  const config = { permitUrl: '/system/AccountManage' };

  r.get(
    `${BASE}/getScreenAccountList`,
    { config, schema: { tags, querystring: screenAccountListQuery } },
    async (req) => ok(await listScreenAccounts(deps.db, authOf(req), req.query)),
  );
  r.post(`${BASE}/addScreenAccount`, { config, schema: { tags, body: addScreenAccountBody } }, async (req) =>
    ok(await addScreenAccount(deps, authOf(req), req.body, clientMeta(req))),
  );
  r.post(`${BASE}/alterScreenAccount`, { config, schema: { tags, body: alterScreenAccountBody } }, async (req) =>
    ok(await alterScreenAccount(deps, authOf(req), req.body, clientMeta(req))),
  );
  r.post(`${BASE}/removeScreenAccount`, { config, schema: { tags, body: removeUsersBody } }, async (req) => {
    await removeScreenAccounts(deps, authOf(req), req.body.ids, clientMeta(req));
    return ok(null);
  });
  r.post(`${BASE}/enableScreenAccount`, { config, schema: { tags, body: enableUserBody } }, async (req) => {
    await enableScreenAccount(deps, authOf(req), req.body.userId, req.body.enabled, clientMeta(req));
    return ok(null);
  });
}
