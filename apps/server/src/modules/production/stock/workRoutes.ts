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
  removeIdsBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import type { ExportRow } from '../../../http/exportWriter';
import type { ModuleDeps } from '../../context';
import { logged } from '../auditLog';
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
import { exportFile } from './routes';
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
  // the farm work and video dialogs choose from these (a role may hold either page)
  r.get(
    `${P}/farmWork/getFarmWorkOptions`,
    { config: { permitUrl: null }, schema: { tags, querystring: parkOptionsQuery } },
    async (req) => ok(await farmWorkOptions(db, authOf(req), req.query.groupId)),
  );
  r.post(`${P}/farmWork/addFarmWork`, { ...f, schema: { tags, body: addFarmWorkBody } }, async (req) =>
    ok(
      await logged(db, req, 'farmWork', 'add', () => addFarmWork(db, authOf(req), req.body), {
        name: `${req.body.type} ${req.body.plannedOn}`,
      }),
    ),
  );
  r.post(`${P}/farmWork/alterFarmWork`, { ...f, schema: { tags, body: alterFarmWorkBody } }, async (req) =>
    ok(
      await logged(db, req, 'farmWork', 'alter', () => alterFarmWork(db, authOf(req), req.body), {
        id: req.body.id,
        name: `${req.body.type} ${req.body.plannedOn}`,
      }),
    ),
  );
  r.post(`${P}/farmWork/removeFarmWork`, { ...f, schema: { tags, body: removeIdsBody } }, async (req) =>
    ok(
      await logged(db, req, 'farmWork', 'remove', () => removeFarmWork(db, authOf(req), req.body.id), {
        id: req.body.id,
      }),
    ),
  );
  r.get(
    `${P}/farmWork/exportFarmWorkList`,
    { ...f, schema: { tags, querystring: farmWorkExportQuery } },
    async (req, reply) => {
      const { format, pageNum: _n, pageSize: _s, ...q } = req.query;
      const rows = (await farmWorkExportRows(db, authOf(req), q)).map((w) => ({
        ...w,
        materials: w.materials.map((x) => `${x.name} ${x.quantity} ${x.unit}`).join('; '),
      }));
      return exportFile(
        req,
        reply,
        deps,
        q.groupId,
        'farm-work',
        format,
        FARM_WORK_COLUMNS,
        rows as unknown as ExportRow[],
      );
    },
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
  r.post(`${P}/machinery/addMachinery`, { ...m, schema: { tags, body: addMachineryBody } }, async (req) =>
    ok(
      await logged(db, req, 'machinery', 'add', () => addMachinery(db, authOf(req), req.body), { name: req.body.name }),
    ),
  );
  r.post(`${P}/machinery/alterMachinery`, { ...m, schema: { tags, body: alterMachineryBody } }, async (req) =>
    ok(
      await logged(db, req, 'machinery', 'alter', () => alterMachinery(db, authOf(req), req.body), {
        id: req.body.id,
        name: req.body.name,
      }),
    ),
  );
  r.post(`${P}/machinery/removeMachinery`, { ...m, schema: { tags, body: removeIdsBody } }, async (req) =>
    ok(
      await logged(db, req, 'machinery', 'remove', () => removeMachinery(db, authOf(req), req.body.id), {
        id: req.body.id,
      }),
    ),
  );
  r.get(
    `${P}/machinery/exportMachineryList`,
    { ...m, schema: { tags, querystring: machineryExportQuery } },
    async (req, reply) => {
      const { format, pageNum: _n, pageSize: _s, ...q } = req.query;
      const rows = await machineryExportRows(db, authOf(req), q, tz);
      return exportFile(
        req,
        reply,
        deps,
        q.groupId,
        'machinery',
        format,
        MACHINERY_COLUMNS,
        rows as unknown as ExportRow[],
      );
    },
  );
  r.get(
    `${P}/machinery/getMaintenanceList`,
    { ...m, schema: { tags, querystring: maintenanceListQuery } },
    async (req) => ok(await listMaintenance(db, authOf(req), req.query)),
  );
  r.post(`${P}/machinery/addMaintenance`, { ...m, schema: { tags, body: addMaintenanceBody } }, async (req) =>
    ok(
      await logged(db, req, 'maintenance', 'add', () => addMaintenance(db, authOf(req), req.body), {
        name: `${req.body.doneOn} ${req.body.type}`,
      }),
    ),
  );
  r.post(`${P}/machinery/removeMaintenance`, { ...m, schema: { tags, body: removeIdsBody } }, async (req) =>
    ok(
      await logged(db, req, 'maintenance', 'remove', () => removeMaintenance(db, authOf(req), req.body.id), {
        id: req.body.id,
      }),
    ),
  );
}
