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
import { authOf } from '../../../http/authHook';
import { type ExportColumn, type ExportRow, exportLang, exportStamp, sendExport } from '../../../http/exportWriter';
import type { AuthContext } from '../../auth/sessions';
import type { ModuleDeps } from '../../context';
import { parkZone } from '../../parks/service';
import { cropExportRows, standardExportRows } from './crops';
import { CROP_COLUMNS, HARVEST_COLUMNS, PERSONNEL_COLUMNS, PLANTING_COLUMNS, STANDARD_COLUMNS } from './exportColumns';
import { harvestExportRows } from './harvests';
import { P, PERMITS } from './permits';
import { personnelExportRows } from './personnel';
import { plantingExportRows } from './plantings';

/** CSV and XLSX of the lists, with the list's filters, in the reader's language and the park's zone. */
export function coreExportRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];

  const exportOf = <Q extends z.ZodType<{ format: 'csv' | 'xlsx' }>>(
    path: string,
    permitUrl: string,
    query: Q,
    file: { name: string; columns: ExportColumn[] },
    rows: (auth: AuthContext, filter: Omit<z.output<Q>, 'format' | 'timeZone'>) => AsyncIterable<ExportRow>,
  ) =>
    r.get(
      `${P}/${path}`,
      { config: { permitUrl }, schema: { tags, querystring: withExportZone(query) } },
      async (req, reply) => {
        const { format, timeZone: _z, ...filter } = req.query as z.output<Q> & { timeZone?: string };
        const timeZone = await parkZone(db, authOf(req), req.query as { groupId?: number }, config.tzName);
        return sendExport(reply, {
          name: `${file.name}-${exportStamp(timeZone)}`,
          format,
          lang: exportLang(req),
          timeZone,
          columns: file.columns,
          rows: rows(authOf(req), filter),
        });
      },
    );

  exportOf(
    'personnel/exportPersonnel',
    PERMITS.personnel,
    personnelExportQuery,
    { name: 'personnel', columns: PERSONNEL_COLUMNS },
    (a, f) => personnelExportRows(db, a, f),
  );
  exportOf('crop/exportCrop', PERMITS.plant, cropExportQuery, { name: 'crops', columns: CROP_COLUMNS }, (a, f) =>
    cropExportRows(db, a, f.keyword),
  );
  exportOf(
    'growthStage/exportStandard',
    PERMITS.standard,
    cropExportQuery,
    { name: 'growth-standards', columns: STANDARD_COLUMNS },
    (a, f) => standardExportRows(db, a, f.keyword),
  );
  exportOf(
    'planting/exportPlanting',
    PERMITS.plant,
    plantingExportQuery,
    { name: 'plantings', columns: PLANTING_COLUMNS },
    (a, f) => plantingExportRows(db, a, f, config.tzName),
  );
  exportOf(
    'harvest/exportHarvest',
    PERMITS.harvest,
    harvestExportQuery,
    { name: 'harvests', columns: HARVEST_COLUMNS },
    (a, f) => harvestExportRows(db, a, f),
  );
}
