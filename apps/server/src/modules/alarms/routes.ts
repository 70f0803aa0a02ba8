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
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { exportLang, exportStamp, sendExport } from '../../http/exportWriter';
import { apiRoutes } from '../../http/routes';
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
  const tags = ['alarms'];
  const { r, get, post, records } = apiRoutes(app, tags);
  const { db } = deps;
  const ruleDeps = { db, rules: deps.rules, publish: deps.publish };

  // rules
  get(`${P}/getAlarmRuleList`, RULES, alarmRuleListQuery, (req) => listRules(db, authOf(req), req.query));
  get(`${P}/getAlarmRuleDetail`, RULES, alarmIdQuery, (req) => ruleDetail(db, authOf(req), req.query.id));
  r.post(`${P}/addAlarmRule`, { config: { permitUrl: RULES }, schema: { tags, body: addAlarmRuleBody } }, async (req) =>
    ok(await addRule(ruleDeps, authOf(req), req.body, clientMeta(req))),
  );
  post(`${P}/alterAlarmRule`, RULES, alterAlarmRuleBody, (req) =>
    alterRule(ruleDeps, authOf(req), req.body, clientMeta(req)),
  );
  r.post(`${P}/removeAlarmRule`, { config: { permitUrl: RULES }, schema: { tags, body: alarmIdsBody } }, async (req) =>
    ok(await removeRules(ruleDeps, authOf(req), req.body.id, clientMeta(req))),
  );
  post(`${P}/previewAlarmRule`, RULES, previewAlarmRuleBody, (req) =>
    previewRule(db, authOf(req), req.body, deps.config.tzName),
  );
  get(`${P}/getAlarmContactOptions`, RULES, activeAlarmCountQuery, (req) =>
    contactOptions(db, authOf(req), req.query.groupId),
  );

  // records
  get(`${P}/getAlarmList`, { permitUrl: RECORDS, screenAccess: true }, alarmListQuery, (req) =>
    listAlarms(db, authOf(req), req.query),
  );
  get(`${P}/getAlarmDetail`, RECORDS, alarmIdQuery, (req) => alarmDetail(db, authOf(req), req.query.id));
  r.post(`${P}/ackAlarm`, { config: { permitUrl: RECORDS }, schema: { tags, body: ackAlarmBody } }, async (req) =>
    ok(await acknowledge(db, deps.alarms.lifecycle, authOf(req), req.body.id, req.body.comment, clientMeta(req))),
  );
  get(`${P}/getActiveAlarmCount`, { permitUrl: RECORDS, screenAccess: true }, activeAlarmCountQuery, (req) =>
    activeCount(db, authOf(req), req.query.groupId),
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
  records(P, 'AlarmContact', CONTACTS, db, {
    list: [alarmContactListQuery, listContacts],
    add: [addAlarmContactBody, addContact],
    alter: [alterAlarmContactBody, alterContact],
    remove: [alarmIdsBody, removeContacts],
  });
}
