import { Readable } from 'node:stream';
import {
  Code,
  type CommandRecord,
  commandDetailQuery,
  commandExportQuery,
  commandListQuery,
  sendCommandBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { csvLine, localTime } from './csv';
import { OFFLINE_REASON } from './service';

const HEADER = [
  '时间',
  '操作人',
  '来源',
  '设备编号',
  '设备名称',
  '设备类型',
  '指令',
  '参数',
  '结果',
  '原因',
  '响应(ms)',
  '指令ID',
];

/**
 * Command routes declare no page (permitUrl null): which operation record page applies depends on
 * the device's class, which the service checks (classPermissions).
 */
export function commandRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['commands'];
  const { commands } = deps;

  r.post(
    '/api/merchant/command/sendCommand',
    { config: { permitUrl: null }, schema: { tags, body: sendCommandBody } },
    async (req) => {
      const auth = authOf(req);
      const result = await commands.send(
        { ...auth, ip: req.ip },
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

  r.get(
    '/api/merchant/command/getCommandList',
    { config: { permitUrl: null }, schema: { tags, querystring: commandListQuery } },
    async (req) => ok(await commands.list(authOf(req), req.query)),
  );

  r.get(
    '/api/merchant/command/getCommandDetail',
    { config: { permitUrl: null }, schema: { tags, querystring: commandDetailQuery } },
    async (req) => ok(await commands.detail(authOf(req), req.query.cmdId.toLowerCase())),
  );

  r.get(
    '/api/merchant/command/exportCommandList',
    { config: { permitUrl: null }, schema: { tags, querystring: commandExportQuery } },
    async (req, reply) => {
      const pages = commands.exportRecords(authOf(req), req.query);
      const tz = deps.config.tzName;
      const row = (c: CommandRecord) =>
        csvLine([
          localTime(c.createdAt, tz),
          c.operator,
          c.source,
          c.serial,
          c.deviceName,
          c.deviceClass,
          c.name,
          c.params,
          c.state,
          c.reason,
          c.responseMs,
          c.cmdId,
        ]);
      async function* lines() {
        // The BOM makes Excel read the file as UTF-8 (Chinese names).
        yield `\uFEFF${csvLine(HEADER)}`;
        for await (const page of pages) yield page.map(row).join('');
      }
      const stamp = localTime(Date.now(), tz).replace(/[-: ]/g, '').slice(0, 12);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="commands-${stamp}.csv"`)
        .send(Readable.from(lines()));
    },
  );
}
