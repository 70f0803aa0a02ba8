import {
  aggregateQuery,
  alterDeviceParamConfigBody,
  alterGroupVarSortBody,
  type DataFamily,
  type DeviceClass,
  deviceLangQuery,
  exportQuery,
  FAMILY_CLASSES,
  FAMILY_PERMIT_URL,
  paramConfigQuery,
  paramDataQuery,
  seriesQuery,
  terminalParamConfigQuery,
  withExportZone,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { sendExport } from '../../http/exportWriter';
import type { ModuleDeps } from '../context';
import { parkZone } from '../parks/service';
import { zoneClock } from './buckets';
import { exportColumns, exportName, exportRows } from './exports';
import * as svc from './service';

const DEVICE_ADMIN = '/system/device-mgt';
const BASE = '/api/merchant';

export function telemetryRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clock = zoneClock(config.tzName);
  const tags = ['telemetry'];

  for (const family of Object.keys(FAMILY_CLASSES) as DataFamily[]) {
    const classes: readonly DeviceClass[] = FAMILY_CLASSES[family];
    const permitUrl = FAMILY_PERMIT_URL[family];
    const guard: svc.ClassGuard = { classes };
    r.get(
      `${BASE}/${family}/getInitParamConfigList`,
      { config: { permitUrl }, schema: { tags, querystring: paramConfigQuery } },
      async (req) => ok(await svc.initParamConfigList(db, authOf(req), req.query.groupId, classes, req.query.lang)),
    );
    r.get(
      `${BASE}/${family}/getParamDataList`,
      { config: { permitUrl }, schema: { tags, querystring: paramDataQuery } },
      async (req) => ok(await svc.paramDataList(db, authOf(req), req.query, guard)),
    );
    if (family === 'weather') {
      r.get(
        `${BASE}/weather/getSelectParamDataList`,
        { config: { permitUrl }, schema: { tags, querystring: seriesQuery } },
        async (req) => ok(await svc.series(db, clock, authOf(req), req.query, guard)),
      );
    }
  }

  // Generic routes declare no page; the service checks the page family of each device's class.
  r.get(
    `${BASE}/terminal/data/getInitParamConfigList`,
    { config: { permitUrl: null, screenAccess: true }, schema: { tags, querystring: terminalParamConfigQuery } },
    async (req) => {
      const auth = authOf(req);
      const cls = req.query.deviceClass;
      if (!svc.classPermitted(auth, cls)) return svc.permissionDenied();
      return ok(await svc.initParamConfigList(db, auth, req.query.groupId, [cls], req.query.lang));
    },
  );
  r.get(
    `${BASE}/terminal/data/getParamDataList`,
    { config: { permitUrl: null }, schema: { tags, querystring: paramDataQuery } },
    async (req) => ok(await svc.paramDataList(db, authOf(req), req.query, 'byPermission')),
  );
  r.get(
    `${BASE}/terminal/data/getSeries`,
    { config: { permitUrl: null }, schema: { tags, querystring: seriesQuery } },
    async (req) => ok(await svc.series(db, clock, authOf(req), req.query, 'byPermission')),
  );
  r.get(
    `${BASE}/terminal/data/getAggregateList`,
    { config: { permitUrl: null }, schema: { tags, querystring: aggregateQuery } },
    async (req) => ok(await svc.aggregates(db, clock, authOf(req), req.query)),
  );
  r.get(
    `${BASE}/terminal/data/exportParamData`,
    { config: { permitUrl: null }, schema: { tags, querystring: withExportZone(exportQuery) } },
    async (req, reply) => {
      const auth = authOf(req);
      const q = req.query;
      const d = await svc.deviceFor(db, auth, q.deviceId, 'byPermission');
      const keys = await svc.resolveKeys(db, auth, d, q.keys);
      const config = await svc.deviceParamConfig(db, auth, d.id, q.lang);
      const params = keys.map((k) => config.params.find((p) => p.key === k)!);
      const timeZone = await parkZone(
        db,
        auth,
        { groupId: d.group_id ?? undefined, timeZone: q.timeZone },
        deps.config.tzName,
      );
      return sendExport(reply, {
        name: exportName(d.name, q, timeZone),
        format: q.format,
        lang: q.lang,
        timeZone,
        columns: exportColumns(params),
        rows: exportRows({ db, deviceId: d.id, params, q }),
      });
    },
  );

  r.get(
    `${BASE}/device/getDeviceParamConfig`,
    { config: { permitUrl: DEVICE_ADMIN }, schema: { tags, querystring: deviceLangQuery } },
    async (req) => ok(await svc.deviceParamConfig(db, authOf(req), req.query.deviceId, req.query.lang)),
  );
  r.post(
    `${BASE}/device/alterDeviceParamConfig`,
    { config: { permitUrl: DEVICE_ADMIN }, schema: { tags, body: alterDeviceParamConfigBody } },
    async (req) => ok(await svc.alterDeviceParamConfig(db, authOf(req), req.body.deviceId, req.body.paramList)),
  );
  r.get(
    `${BASE}/device/getGroupVarSort`,
    { config: { permitUrl: DEVICE_ADMIN }, schema: { tags, querystring: deviceLangQuery } },
    async (req) => ok(await svc.groupVarSort(db, authOf(req), req.query.deviceId, req.query.lang)),
  );
  r.post(
    `${BASE}/device/alterGroupVarSort`,
    { config: { permitUrl: DEVICE_ADMIN }, schema: { tags, body: alterGroupVarSortBody } },
    async (req) => ok(await svc.alterGroupVarSort(db, authOf(req), req.body.deviceId, req.body.groups)),
  );
}
