import {
  addFarmWorkBody,
  addMachineryBody,
  addMaintenanceBody,
  alterFarmWorkBody,
  alterMachineryBody,
  farmWorkExportQuery,
  farmWorkListQuery,
  farmWorkMonthQuery,
  machineryExportQuery,
  machineryListQuery,
  maintenanceDueQuery,
  maintenanceListQuery,
  parkOptionsQuery,
  recordHistoryQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import type { ModuleDeps } from '../../context';
import { listRevisions } from '../revisions';
import { FARM_WORK_COLUMNS, MACHINERY_COLUMNS } from './exportColumns';
import {
  addFarmWork,
  alterFarmWork,
  farmWorkExportRows,
  farmWorkMonth,
  listFarmWork,
  removeFarmWork,
} from './farmWork';
import {
  addMachinery,
  addMaintenance,
  alterMachinery,
  listMachinery,
  listMaintenance,
  machineryExportRows,
  machineryOptions,
  maintenanceDue,
  removeMachinery,
  removeMaintenance,
} from './machinery';
import { byName, recordRoutes } from './routeShapes';
import { farmWorkOptions } from './workOptions';

export const FARM_WORK = '/productionManagement/farmWork';
export const MACHINERY = '/productionManagement/machinery';
const P = '/api/merchant/production';

/** Farm work (list, calendar month, recurring plans) and machinery with its maintenance log. */
export function productionWorkRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];
  const { db } = deps;
  const tz = deps.config.tzName;
  const f = { config: { permitUrl: FARM_WORK } };
  const m = { config: { permitUrl: MACHINERY } };

  r.get(`${P}/farmWork/getFarmWorkList`, { ...f, schema: { tags, querystring: farmWorkListQuery } }, async (req) =>
    ok(await listFarmWork(db, authOf(req), req.query)),
  );
  r.get(`${P}/farmWork/getFarmWorkMonth`, { ...f, schema: { tags, querystring: farmWorkMonthQuery } }, async (req) =>
    ok(await farmWorkMonth(db, authOf(req), req.query)),
  );
  r.get(`${P}/farmWork/getFarmWorkHistory`, { ...f, schema: { tags, querystring: recordHistoryQuery } }, async (req) =>
    ok(await listRevisions(db, authOf(req), 'farmWork', req.query)),
  );
  // the farm work and video dialogs choose from these (a role may hold either page)
  r.get(
    `${P}/farmWork/getFarmWorkOptions`,
    { config: { permitUrl: null }, schema: { tags, querystring: parkOptionsQuery } },
    async (req) => ok(await farmWorkOptions(db, authOf(req), req.query.groupId)),
  );
  const work = recordRoutes(app, deps, `${P}/farmWork/`, FARM_WORK, 'farmWork');
  // an administrator's override says why in its log line, and a correction of work done too, as in its history
  const workName = (b: { type: string; plannedOn: string; overrideReason: string | null }) =>
    `${b.type} ${b.plannedOn}${b.overrideReason ? ` · ${b.overrideReason}` : ''}`;
  work.add('addFarmWork', addFarmWorkBody, (d, a, b) => addFarmWork(d, a, b, tz), workName);
  const corrected = (b: Parameters<typeof workName>[0] & { correctionReason: string | null }) =>
    `${workName(b)}${b.correctionReason ? ` · ${b.correctionReason}` : ''}`;
  work.alter('alterFarmWork', alterFarmWorkBody, (d, a, b) => alterFarmWork(d, a, b, tz), corrected);
  work.remove('removeFarmWork', removeFarmWork);
  const workFile = { name: 'farm-work', columns: FARM_WORK_COLUMNS };
  work.export('exportFarmWorkList', farmWorkExportQuery, workFile, async (auth, q) =>
    (await farmWorkExportRows(db, auth, q)).map((w) => ({
      ...w,
      materials: w.materials.map((x) => `${x.name} ${x.quantity} ${x.unit}`).join('; '),
    })),
  );

  r.get(`${P}/machinery/getMachineryList`, { ...m, schema: { tags, querystring: machineryListQuery } }, async (req) =>
    ok(await listMachinery(db, authOf(req), req.query, tz)),
  );
  // machines are chosen in farm work forms; the home page counts those due for maintenance
  r.get(
    `${P}/machinery/getMachineryOptions`,
    { config: { permitUrl: null }, schema: { tags, querystring: parkOptionsQuery } },
    async (req) => ok(await machineryOptions(db, authOf(req), req.query.groupId)),
  );
  r.get(
    `${P}/machinery/getMaintenanceDue`,
    { config: { permitUrl: null }, schema: { tags, querystring: maintenanceDueQuery } },
    async (req) => ok(await maintenanceDue(db, authOf(req), req.query.groupId, tz)),
  );
  const machinery = recordRoutes(app, deps, `${P}/machinery/`, MACHINERY, 'machinery');
  machinery.add('addMachinery', addMachineryBody, addMachinery, byName);
  machinery.alter('alterMachinery', alterMachineryBody, alterMachinery, byName);
  machinery.remove('removeMachinery', removeMachinery);
  const machineryFile = { name: 'machinery', columns: MACHINERY_COLUMNS };
  machinery.export('exportMachineryList', machineryExportQuery, machineryFile, (auth, q) =>
    machineryExportRows(db, auth, q, tz),
  );
  r.get(
    `${P}/machinery/getMaintenanceList`,
    { ...m, schema: { tags, querystring: maintenanceListQuery } },
    async (req) => ok(await listMaintenance(db, authOf(req), req.query)),
  );
  const maintenance = recordRoutes(app, deps, `${P}/machinery/`, MACHINERY, 'maintenance');
  maintenance.add('addMaintenance', addMaintenanceBody, addMaintenance, (b) => `${b.doneOn} ${b.type}`);
  maintenance.remove('removeMaintenance', removeMaintenance);
}
