import { id, optional, systemLogFilter, systemLogListQuery, withExportZone } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { exportLang, exportStamp, sendExport } from '../../http/exportWriter';
import type { ModuleDeps } from '../context';
import { parkZone } from '../parks/service';
import { SYSTEM_LOG_EXPORT_COLUMNS, systemLogList, systemLogRows } from './query';

/** The log is company-wide; `groupId` is the reader's active park, whose zone the file's times are in. */
const exportQuery = withExportZone(systemLogFilter.extend({ groupId: optional(id) }));

export function systemLogRoutes(app: FastifyInstance, { db, config: { tzName } }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['systemLog'];
  const config = { permitUrl: '/system/system-log' };

  r.get(
    '/api/merchant/systemLog/getSystemLogList',
    { config, schema: { tags, querystring: systemLogListQuery } },
    async (req) => ok(await systemLogList(db, authOf(req), req.query, exportLang(req))),
  );

  r.get(
    '/api/merchant/systemLog/exportSystemLog',
    { config, schema: { tags, querystring: exportQuery } },
    async (req, reply) => {
      const { groupId: _g, timeZone: _z, ...filter } = req.query;
      const timeZone = await parkZone(db, authOf(req), req.query, tzName);
      return sendExport(reply, {
        name: `system-log-${exportStamp(timeZone)}`,
        format: 'csv',
        lang: exportLang(req),
        timeZone,
        columns: SYSTEM_LOG_EXPORT_COLUMNS,
        rows: systemLogRows(db, authOf(req), filter, exportLang(req)),
      });
    },
  );
}
