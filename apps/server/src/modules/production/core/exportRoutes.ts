import {
  cropExportQuery,
  harvestExportQuery,
  personnelExportQuery,
  plantingExportQuery,
  withExportZone,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../../db/connect';
import { authOf } from '../../../http/authHook';
import { type ExportRow, exportLang, exportStamp, sendExport } from '../../../http/exportWriter';
import type { AuthContext } from '../../auth/sessions';
import type { ModuleDeps } from '../../context';
import { parkZone } from '../../parks/service';
import { cropExportRows, standardExportRows } from './crops';
import {
  type CoreExport,
  CROP_EXPORT,
  HARVEST_EXPORT,
  PERSONNEL_EXPORT,
  PLANTING_EXPORT,
  STANDARD_EXPORT,
} from './exportColumns';
import { harvestExportRows } from './harvests';
import { P } from './permits';
import { personnelExportRows } from './personnel';
import { plantingExportRows } from './plantings';

/** CSV and XLSX of the lists, with the list's filters, in the reader's language and the park's zone. */
export function coreExportRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];

  /** An export of a list: the list's filters from the query, rows from `service` (given the server's zone). */
  const exportOf = <Q extends z.ZodType<{ format: 'csv' | 'xlsx' }>>(
    path: string,
    query: Q,
    file: CoreExport,
    service: (
      db: Db,
      auth: AuthContext,
      filter: Omit<z.output<Q>, 'format' | 'timeZone'>,
      tzName: string,
    ) => AsyncIterable<ExportRow>,
  ) =>
    r.get(
      `${P}/${path}`,
      { config: { permitUrl: file.permitUrl }, schema: { tags, querystring: withExportZone(query) } },
      async (req, reply) => {
        const { format, timeZone: _z, ...filter } = req.query as z.output<Q> & { timeZone?: string };
        const timeZone = await parkZone(db, authOf(req), req.query as { groupId?: number }, config.tzName);
        return sendExport(reply, {
          name: `${file.name}-${exportStamp(timeZone)}`,
          format,
          lang: exportLang(req),
          timeZone,
          columns: file.columns,
          rows: service(db, authOf(req), filter, config.tzName),
        });
      },
    );

  exportOf('personnel/exportPersonnel', personnelExportQuery, PERSONNEL_EXPORT, personnelExportRows);
  exportOf('crop/exportCrop', cropExportQuery, CROP_EXPORT, cropExportRows);
  exportOf('growthStage/exportStandard', cropExportQuery, STANDARD_EXPORT, standardExportRows);
  exportOf('planting/exportPlanting', plantingExportQuery, PLANTING_EXPORT, plantingExportRows);
  exportOf('harvest/exportHarvest', harvestExportQuery, HARVEST_EXPORT, harvestExportRows);
}
