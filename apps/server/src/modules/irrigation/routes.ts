import {
  alterMachineSettingsBody,
  alterZoneBody,
  Code,
  decisionListQuery,
  machineListQuery,
  programBody,
  programListQuery,
  removeBody,
  runExportQuery,
  runListQuery,
  smartRuleBody,
  smartRuleListQuery,
  startRunBody,
  stopRunBody,
  withExportZone,
  zoneListQuery,
  zonePlotListQuery,
  zoneWaterQuery,
} from '@farmpark/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import { actorOf, clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { exportLang, exportStamp, sendExport } from '../../http/exportWriter';
import type { ModuleDeps } from '../context';
import { parkZone } from '../parks/service';
import { type AuditTarget, audited } from '../systemLog/service';
import { machineList } from './machines';
import { alterMachineSettings } from './pumpProtection';
import { RUN_EXPORT_COLUMNS, runExportRows } from './runExport';
import type { Irrigation } from './runtime';
import { waterBalanceRoutes } from './waterBalanceRoutes';
import { alterZone, listZonePlots, listZones, zoneNameBook } from './zones';
import { zoneWater } from './zoneWater';

/** Runs and machines serve every irrigation page: the service checks the machine's class permission. */
const SECTION = '/irrigation';
const PROGRAMS = '/irrigation/irrigationSystem/listOfEquipment';
const SMART = '/irrigation/irrigationAuto/smartIrrigation';

export function irrigationRoutes(app: FastifyInstance, deps: ModuleDeps & { irrigation: Irrigation }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['irrigation'];
  const base = '/api/merchant/irrigation';
  const { runs, programs, smart } = deps.irrigation;
  /** Every write lands in the system log with its operator, address and outcome (refusals too). */
  const logged = <T>(
    req: FastifyRequest,
    target: AuditTarget,
    run: () => Promise<T>,
    describe?: (r: T) => { targetId?: string | number | null; detail?: string },
  ) => audited(deps.db, authOf(req), clientMeta(req), target, run, describe);
  const scopeOf = (a: { merchantId: number; groupIds: number[] }) => ({
    merchantId: a.merchantId,
    groupIds: a.groupIds,
  });

  waterBalanceRoutes(app, deps, SECTION);
  r.get(
    `${base}/getMachineList`,
    { config: { permitUrl: SECTION, screenAccess: true }, schema: { tags, querystring: machineListQuery } },
    async (req) => ok(await machineList(deps.db, authOf(req), req.query.groupId, req.query.deviceClass)),
  );
  r.post(`${base}/startRun`, { config: { permitUrl: SECTION }, schema: { tags, body: startRunBody } }, async (req) => {
    const auth = authOf(req);
    const what = `device ${req.body.deviceId}, zones ${req.body.zones.join(',')}`;
    const run = await logged(
      req,
      { action: 'irrigation.start', targetType: 'irrigationRun', detail: what },
      async () => {
        const started = await runs.start({ ...auth, ip: clientMeta(req).ip }, req.body, { kind: 'manual' });
        if (started.state === 'failed') {
          throw new ApiError(Code.DEVICE_OPERATION_FAILED, `${started.reason} (run #${started.runId})`);
        }
        return started;
      },
      (started) => ({ targetId: started.runId, detail: `${started.deviceName}, zones ${started.zones.join(',')}` }),
    );
    return ok(run);
  });
  r.post(`${base}/stopRun`, { config: { permitUrl: SECTION }, schema: { tags, body: stopRunBody } }, async (req) =>
    ok(
      await logged(
        req,
        { action: 'irrigation.stop', targetType: 'irrigationRun', targetId: req.body.runId },
        () => runs.stop(actorOf(req), req.body.runId),
        (run) => ({ detail: `${run.deviceName}, zones ${run.zones.join(',')}` }),
      ),
    ),
  );
  r.get(
    `${base}/getRunList`,
    { config: { permitUrl: SECTION, screenAccess: true }, schema: { tags, querystring: runListQuery } },
    async (req) => {
      const auth = authOf(req);
      return ok(await runs.list(scopeOf(auth), auth.grants, req.query));
    },
  );
  r.get(
    `${base}/exportRunList`,
    { config: { permitUrl: SECTION }, schema: { tags, querystring: withExportZone(runExportQuery) } },
    async (req, reply) => {
      const auth = authOf(req);
      const { timeZone: _z, format, ...filter } = req.query;
      const timeZone = await parkZone(deps.db, auth, req.query, deps.config.tzName);
      return sendExport(reply, {
        name: `irrigation-runs-${exportStamp(timeZone)}`,
        format,
        lang: exportLang(req),
        timeZone,
        columns: RUN_EXPORT_COLUMNS,
        rows: runExportRows(
          runs.exportRuns(scopeOf(auth), auth.grants, filter),
          exportLang(req),
          await zoneNameBook(deps.db, auth),
        ),
      });
    },
  );
  r.get(
    `${base}/getZoneWater`,
    { config: { permitUrl: SECTION }, schema: { tags, querystring: zoneWaterQuery } },
    async (req) => ok(await zoneWater(deps.db, authOf(req), req.query, deps.config.tzName)),
  );

  r.get(
    `${base}/getZoneList`,
    { config: { permitUrl: SECTION }, schema: { tags, querystring: zoneListQuery } },
    async (req) => ok(await listZones(deps.db, authOf(req), req.query.groupId, req.query.deviceId)),
  );
  r.get(
    `${base}/getZonePlotList`,
    { config: { permitUrl: SECTION }, schema: { tags, querystring: zonePlotListQuery } },
    async (req) => ok(await listZonePlots(deps.db, authOf(req), req.query.groupId)),
  );
  r.post(`${base}/alterZone`, { config: { permitUrl: SECTION }, schema: { tags, body: alterZoneBody } }, async (req) =>
    ok(
      await logged(
        req,
        {
          action: 'irrigationZone.alter',
          targetType: 'irrigationZone',
          targetId: `${req.body.deviceId}:${req.body.zoneNo}`,
          detail: req.body.name,
        },
        () => alterZone(deps.db, authOf(req), req.body),
      ),
    ),
  );
  r.post(
    `${base}/alterMachineSettings`,
    { config: { permitUrl: SECTION }, schema: { tags, body: alterMachineSettingsBody } },
    async (req) => {
      const b = req.body;
      const detail = `minRunMin ${b.minRunMin}, minRestMin ${b.minRestMin}, maxStartsPerHour ${b.maxStartsPerHour}`;
      return ok(
        await logged(
          req,
          { action: 'irrigationMachine.settings', targetType: 'device', targetId: String(b.deviceId), detail },
          () => alterMachineSettings(deps.db, authOf(req), b, Date.now()),
        ),
      );
    },
  );

  r.get(
    `${base}/getProgramList`,
    { config: { permitUrl: PROGRAMS }, schema: { tags, querystring: programListQuery } },
    async (req) => ok(await programs.list(authOf(req), req.query.groupId, req.query.deviceId)),
  );
  for (const name of ['addProgram', 'alterProgram'] as const) {
    r.post(`${base}/${name}`, { config: { permitUrl: PROGRAMS }, schema: { tags, body: programBody } }, async (req) => {
      if (name === 'alterProgram' && req.body.programId === undefined) {
        throw new ApiError(Code.VALIDATION, 'programId: required to change a program');
      }
      const adding = name === 'addProgram';
      return ok(
        await logged(
          req,
          {
            action: adding ? 'irrigationProgram.add' : 'irrigationProgram.alter',
            targetType: 'irrigationProgram',
            targetId: adding ? null : req.body.programId,
            detail: req.body.name,
          },
          () => programs.save(authOf(req), adding ? { ...req.body, programId: undefined } : req.body),
          (p) => ({ targetId: p.programId }),
        ),
      );
    });
  }
  r.post(
    `${base}/removeProgram`,
    { config: { permitUrl: PROGRAMS }, schema: { tags, body: removeBody } },
    async (req) =>
      ok({
        removed: await logged(
          req,
          { action: 'irrigationProgram.remove', targetType: 'irrigationProgram', targetId: req.body.ids.join(',') },
          () => programs.remove(authOf(req), req.body.ids),
        ),
      }),
  );

  r.get(
    `${base}/getSmartRuleList`,
    { config: { permitUrl: SMART }, schema: { tags, querystring: smartRuleListQuery } },
    async (req) => ok(await smart.list(authOf(req), req.query.groupId, req.query.machineId)),
  );
  for (const name of ['addSmartRule', 'alterSmartRule'] as const) {
    r.post(`${base}/${name}`, { config: { permitUrl: SMART }, schema: { tags, body: smartRuleBody } }, async (req) => {
      if (name === 'alterSmartRule' && req.body.ruleId === undefined) {
        throw new ApiError(Code.VALIDATION, 'ruleId: required to change a rule');
      }
      const adding = name === 'addSmartRule';
      return ok(
        await logged(
          req,
          {
            action: adding ? 'smartRule.add' : 'smartRule.alter',
            targetType: 'smartRule',
            targetId: adding ? null : req.body.ruleId,
            detail: req.body.name,
          },
          () => smart.save(authOf(req), adding ? { ...req.body, ruleId: undefined } : req.body),
          (rule) => ({ targetId: rule.ruleId }),
        ),
      );
    });
  }
  r.post(`${base}/removeSmartRule`, { config: { permitUrl: SMART }, schema: { tags, body: removeBody } }, async (req) =>
    ok({
      removed: await logged(
        req,
        { action: 'smartRule.remove', targetType: 'smartRule', targetId: req.body.ids.join(',') },
        () => smart.remove(authOf(req), req.body.ids),
      ),
    }),
  );
  r.get(
    `${base}/getDecisionList`,
    { config: { permitUrl: SMART }, schema: { tags, querystring: decisionListQuery } },
    async (req) => ok(await smart.decisions(authOf(req), req.query)),
  );
}
