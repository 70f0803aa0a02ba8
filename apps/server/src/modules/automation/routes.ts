import {
  addAutomationRuleBody,
  alterAutomationRuleBody,
  automationActivityQuery,
  automationIdsBody,
  automationRuleListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { addRule, alterRule, listRules, removeRules, ruleActivity } from './service';

/** The control cabinet section of the permission catalogue: its rules live on its real-time page. */
const EHC = '/envControl/ehc';
const P = '/api/merchant/envControl';

export function automationRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['automation'];
  const svc = { db: deps.db, rules: deps.rules };
  const config = { permitUrl: EHC };

  r.get(`${P}/getAutomationRuleList`, { config, schema: { tags, querystring: automationRuleListQuery } }, async (req) =>
    ok(await listRules(svc, authOf(req), req.query)),
  );
  r.post(`${P}/addAutomationRule`, { config, schema: { tags, body: addAutomationRuleBody } }, async (req) =>
    ok(await addRule(svc, authOf(req), req.body, clientMeta(req))),
  );
  r.post(`${P}/alterAutomationRule`, { config, schema: { tags, body: alterAutomationRuleBody } }, async (req) =>
    ok(await alterRule(svc, authOf(req), req.body, clientMeta(req))),
  );
  r.post(`${P}/removeAutomationRule`, { config, schema: { tags, body: automationIdsBody } }, async (req) =>
    ok(await removeRules(svc, authOf(req), req.body.id, clientMeta(req))),
  );
  r.get(`${P}/getAutomationActivity`, { config, schema: { tags, querystring: automationActivityQuery } }, async (req) =>
    ok(await ruleActivity(deps.db, authOf(req), req.query)),
  );
}
