import {
  Code,
  commandDetailQuery,
  commandExportQuery,
  commandListQuery,
  sendCommandBody,
  withExportZone,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { exportLang, exportStamp, sendExport } from '../../http/exportWriter';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import { zoneNameBook } from '../irrigation/zones';
import { parkZone } from '../parks/service';
import { COMMAND_EXPORT_COLUMNS, commandExportRows } from './export';
import { OFFLINE_REASON } from './service';

/**
 * Command routes declare no page (permitUrl null): which operation record page applies depends on
 * the device's class, which the service checks (classPermissions).
 */
export function commandRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const tags = ['commands'];
  const { r, get } = apiRoutes(app, tags);
  const { commands } = deps;

  r.post(
    '/api/merchant/command/sendCommand',
    { config: { permitUrl: null }, schema: { tags, body: sendCommandBody } },
    async (req) => {
      const auth = authOf(req);
      const result = await commands.send(
        { ...auth, ip: clientMeta(req).ip },
        { deviceId: req.body.deviceId, name: req.body.name, params: req.body.params, source: 'manual' },
      );
      if (result.state === 'failed') {
        const why =
          result.reason === OFFLINE_REASON ? 'the device is offline, the command was not sent' : result.reason;
        throw new ApiError(Code.DEVICE_OPERATION_FAILED, `${why} (record ${result.cmdId})`);
      }
      return ok(result);
    },
  );

  get('/api/merchant/command/getCommandList', null, commandListQuery, (req) => commands.list(authOf(req), req.query));

  get('/api/merchant/command/getCommandDetail', null, commandDetailQuery, (req) =>
    commands.detail(authOf(req), req.query.cmdId.toLowerCase()),
  );

  r.get(
    '/api/merchant/command/exportCommandList',
    { config: { permitUrl: null }, schema: { tags, querystring: withExportZone(commandExportQuery) } },
    async (req, reply) => {
      const { timeZone: _z, ...filter } = req.query;
      const timeZone = await parkZone(deps.db, authOf(req), req.query, deps.config.tzName);
      const lang = exportLang(req);
      return sendExport(reply, {
        name: `commands-${exportStamp(timeZone)}`,
        format: 'csv',
        lang,
        timeZone,
        columns: COMMAND_EXPORT_COLUMNS,
        rows: commandExportRows(
          commands.exportRecords(authOf(req), filter),
          lang,
          await zoneNameBook(deps.db, authOf(req)),
        ),
      });
    },
  );
}
