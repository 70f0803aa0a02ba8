import {
  addScreenAccountBody,
  alterScreenAccountBody,
  enableUserBody,
  removeUsersBody,
  screenAccountListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { apiRoutes } from '../../http/routes';
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
  const tags = ['screenAccounts'];
  const { r, get, post } = apiRoutes(app, tags);
  const config = { permitUrl: '/system/AccountManage' };

  get(`${BASE}/getScreenAccountList`, config, screenAccountListQuery, (req) =>
    listScreenAccounts(deps.db, authOf(req), req.query),
  );
  post(`${BASE}/addScreenAccount`, config, addScreenAccountBody, (req) =>
    addScreenAccount(deps, authOf(req), req.body, clientMeta(req)),
  );
  post(`${BASE}/alterScreenAccount`, config, alterScreenAccountBody, (req) =>
    alterScreenAccount(deps, authOf(req), req.body, clientMeta(req)),
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
