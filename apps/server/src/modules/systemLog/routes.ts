import { systemLogFilter, systemLogListQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { exportLang, sendExport } from '../../http/exportWriter';
import type { ModuleDeps } from '../context';
import { SYSTEM_LOG_EXPORT_COLUMNS, systemLogList, systemLogRows } from './query';

export function systemLogRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['systemLog'];
  const config = { permitUrl: '/system/system-log' };

  r.get(
    '/api/merchant/systemLog/getSystemLogList',
    { config, schema: { tags, querystring: systemLogListQuery } },
    async (req) => ok(await systemLogList(db, authOf(req), req.query)),
  );

  r.get(
    '/api/merchant/systemLog/exportSystemLog',
    { config, schema: { tags, querystring: systemLogFilter } },
    async (req, reply) => {
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
      return sendExport(reply, {
        name: `system-log-${stamp}`,
        format: 'csv',
        lang: exportLang(req),
        columns: SYSTEM_LOG_EXPORT_COLUMNS,
        rows: systemLogRows(db, authOf(req), req.query),
      });
    },
  );
}
