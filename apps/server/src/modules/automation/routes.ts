import {
  addAutomationRuleBody,
  alterAutomationRuleBody,
  automationActivityQuery,
  automationIdsBody,
  automationRuleListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import { addRule, alterRule, listRules, removeRules, ruleActivity } from './service';

/** The control cabinet section of the permission catalogue: its rules live on its real-time page. */
const EHC = '/envControl/ehc';
const P = '/api/merchant/envControl';

export function automationRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { get, records } = apiRoutes(app, ['automation']);
  const svc = { db: deps.db, rules: deps.rules };
  const config = { permitUrl: EHC };

  records(P, 'AutomationRule', config, svc, {
    list: [automationRuleListQuery, listRules],
    add: [addAutomationRuleBody, addRule],
    alter: [alterAutomationRuleBody, alterRule],
    remove: [automationIdsBody, removeRules],
  });
  get(`${P}/getAutomationActivity`, config, automationActivityQuery, (req) =>
    ruleActivity(deps.db, authOf(req), req.query),
  );
}
