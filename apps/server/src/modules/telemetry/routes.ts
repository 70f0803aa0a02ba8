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
import { authOf } from '../../http/authHook';
import { sendExport } from '../../http/exportWriter';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import { parkZone } from '../parks/service';
import { zoneClock } from './buckets';
import { exportColumns, exportName, exportRows } from './exports';
import * as svc from './service';

const DEVICE_ADMIN = '/system/device-mgt';
const BASE = '/api/merchant';

export function telemetryRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  const clock = zoneClock(config.tzName);
  const tags = ['telemetry'];
  const { r, get, post } = apiRoutes(app, tags);

  for (const family of Object.keys(FAMILY_CLASSES) as DataFamily[]) {
    const classes: readonly DeviceClass[] = FAMILY_CLASSES[family];
    const permitUrl = FAMILY_PERMIT_URL[family];
    const guard: svc.ClassGuard = { classes };
    get(`${BASE}/${family}/getInitParamConfigList`, { permitUrl }, paramConfigQuery, (req) =>
      svc.initParamConfigList(db, authOf(req), req.query.groupId, classes, req.query.lang),
    );
    get(`${BASE}/${family}/getParamDataList`, { permitUrl }, paramDataQuery, (req) =>
      svc.paramDataList(db, authOf(req), req.query, guard),
    );
    if (family === 'weather') {
      get(`${BASE}/weather/getSelectParamDataList`, { permitUrl }, seriesQuery, (req) =>
        svc.series(db, clock, authOf(req), req.query, guard),
      );
    }
  }

  // Generic routes declare no page; the service checks the page family of each device's class.
  get(
    `${BASE}/terminal/data/getInitParamConfigList`,
    { permitUrl: null, screenAccess: true },
    terminalParamConfigQuery,
    (req) => {
      const auth = authOf(req);
      const cls = req.query.deviceClass;
      if (!svc.classPermitted(auth, cls)) return svc.permissionDenied();
      return svc.initParamConfigList(db, auth, req.query.groupId, [cls], req.query.lang);
    },
  );
  get(`${BASE}/terminal/data/getParamDataList`, null, paramDataQuery, (req) =>
    svc.paramDataList(db, authOf(req), req.query, 'byPermission'),
  );
  get(`${BASE}/terminal/data/getSeries`, null, seriesQuery, (req) =>
    svc.series(db, clock, authOf(req), req.query, 'byPermission'),
  );
  get(`${BASE}/terminal/data/getAggregateList`, null, aggregateQuery, (req) =>
    svc.aggregates(db, clock, authOf(req), req.query),
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

  get(`${BASE}/device/getDeviceParamConfig`, DEVICE_ADMIN, deviceLangQuery, (req) =>
    svc.deviceParamConfig(db, authOf(req), req.query.deviceId, req.query.lang),
  );
  post(`${BASE}/device/alterDeviceParamConfig`, DEVICE_ADMIN, alterDeviceParamConfigBody, (req) =>
    svc.alterDeviceParamConfig(db, authOf(req), req.body.deviceId, req.body.paramList),
  );
  get(`${BASE}/device/getGroupVarSort`, DEVICE_ADMIN, deviceLangQuery, (req) =>
    svc.groupVarSort(db, authOf(req), req.query.deviceId, req.query.lang),
  );
  post(`${BASE}/device/alterGroupVarSort`, DEVICE_ADMIN, alterGroupVarSortBody, (req) =>
    svc.alterGroupVarSort(db, authOf(req), req.body.deviceId, req.body.groups),
  );
}
