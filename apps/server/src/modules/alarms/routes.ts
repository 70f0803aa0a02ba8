import {
  ackAlarmBody,
  activeAlarmCountQuery,
  addAlarmContactBody,
  addAlarmRuleBody,
  alarmContactListQuery,
  alarmIdQuery,
  alarmIdsBody,
  alarmListQuery,
  alarmRuleListQuery,
  alterAlarmContactBody,
  alterAlarmRuleBody,
  previewAlarmRuleBody,
  withExportZone,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { exportLang, exportStamp, sendExport } from '../../http/exportWriter';
import type { ModuleDeps } from '../context';
import { parkZone } from '../parks/service';
import { addContact, alterContact, contactOptions, listContacts, removeContacts } from './contacts';
import { previewRule } from './preview';
import { ALARM_EXPORT_COLUMNS, acknowledge, activeCount, alarmDetail, alarmExportRows, listAlarms } from './records';
import { addRule, alterRule, listRules, removeRules, ruleDetail } from './ruleService';
import type { Alarms } from './runtime';

const RULES = '/alarm/alarmSet';
const RECORDS = '/alarm/alarmList';
const CONTACTS = '/alarm/alarmContacts';
const P = '/api/merchant/alarm';

export function alarmRoutes(app: FastifyInstance, deps: ModuleDeps & { alarms: Alarms }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['alarms'];
  const { db } = deps;
  const ruleDeps = { db, rules: deps.rules, publish: deps.publish };

  // rules
  r.get(
    `${P}/getAlarmRuleList`,
    { config: { permitUrl: RULES }, schema: { tags, querystring: alarmRuleListQuery } },
    async (req) => ok(await listRules(db, authOf(req), req.query)),
  );
  r.get(
    `${P}/getAlarmRuleDetail`,
    { config: { permitUrl: RULES }, schema: { tags, querystring: alarmIdQuery } },
    async (req) => ok(await ruleDetail(db, authOf(req), req.query.id)),
  );
  r.post(`${P}/addAlarmRule`, { config: { permitUrl: RULES }, schema: { tags, body: addAlarmRuleBody } }, async (req) =>
    ok(await addRule(ruleDeps, authOf(req), req.body, clientMeta(req))),
  );
  r.post(
    `${P}/alterAlarmRule`,
    { config: { permitUrl: RULES }, schema: { tags, body: alterAlarmRuleBody } },
    async (req) => ok(await alterRule(ruleDeps, authOf(req), req.body, clientMeta(req))),
  );
  r.post(`${P}/removeAlarmRule`, { config: { permitUrl: RULES }, schema: { tags, body: alarmIdsBody } }, async (req) =>
    ok(await removeRules(ruleDeps, authOf(req), req.body.id, clientMeta(req))),
  );
  r.post(
    `${P}/previewAlarmRule`,
    { config: { permitUrl: RULES }, schema: { tags, body: previewAlarmRuleBody } },
    async (req) => ok(await previewRule(db, authOf(req), req.body, deps.config.tzName)),
  );
  r.get(
    `${P}/getAlarmContactOptions`,
    { config: { permitUrl: RULES }, schema: { tags, querystring: activeAlarmCountQuery } },
    async (req) => ok(await contactOptions(db, authOf(req), req.query.groupId)),
  );

  // records
  r.get(
    `${P}/getAlarmList`,
    { config: { permitUrl: RECORDS, screenAccess: true }, schema: { tags, querystring: alarmListQuery } },
    async (req) => ok(await listAlarms(db, authOf(req), req.query)),
  );
  r.get(
    `${P}/getAlarmDetail`,
    { config: { permitUrl: RECORDS }, schema: { tags, querystring: alarmIdQuery } },
    async (req) => ok(await alarmDetail(db, authOf(req), req.query.id)),
  );
  r.post(`${P}/ackAlarm`, { config: { permitUrl: RECORDS }, schema: { tags, body: ackAlarmBody } }, async (req) =>
    ok(await acknowledge(db, deps.alarms.lifecycle, authOf(req), req.body.id, req.body.comment, clientMeta(req))),
  );
  r.get(
    `${P}/getActiveAlarmCount`,
    { config: { permitUrl: RECORDS, screenAccess: true }, schema: { tags, querystring: activeAlarmCountQuery } },
    async (req) => ok(await activeCount(db, authOf(req), req.query.groupId)),
  );
  r.get(
    `${P}/exportAlarmList`,
    { config: { permitUrl: RECORDS }, schema: { tags, querystring: withExportZone(alarmListQuery) } },
    async (req, reply) => {
      const { pageNum: _n, pageSize: _s, timeZone: _z, ...filter } = req.query;
      const timeZone = await parkZone(db, authOf(req), req.query, deps.config.tzName);
      return sendExport(reply, {
        name: `alarms-${exportStamp(timeZone)}`,
        format: 'csv',
        lang: exportLang(req),
        timeZone,
        columns: ALARM_EXPORT_COLUMNS,
        rows: alarmExportRows(db, authOf(req), filter),
      });
    },
  );

  // contacts
  r.get(
    `${P}/getAlarmContactList`,
    { config: { permitUrl: CONTACTS }, schema: { tags, querystring: alarmContactListQuery } },
    async (req) => ok(await listContacts(db, authOf(req), req.query)),
  );
  r.post(
    `${P}/addAlarmContact`,
    { config: { permitUrl: CONTACTS }, schema: { tags, body: addAlarmContactBody } },
    async (req) => ok(await addContact(db, authOf(req), req.body, clientMeta(req))),
  );
  r.post(
    `${P}/alterAlarmContact`,
    { config: { permitUrl: CONTACTS }, schema: { tags, body: alterAlarmContactBody } },
    async (req) => ok(await alterContact(db, authOf(req), req.body, clientMeta(req))),
  );
  r.post(
    `${P}/removeAlarmContact`,
    { config: { permitUrl: CONTACTS }, schema: { tags, body: alarmIdsBody } },
    async (req) => ok(await removeContacts(db, authOf(req), req.body.id, clientMeta(req))),
  );
}
