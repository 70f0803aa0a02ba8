import {
  addDeviceBody,
  Code,
  csvToRows,
  type ImportResult,
  type ImportRowInput,
  type ImportRowResult,
  importDevicesBody,
  issueDetails,
  MAX_IMPORT_ROWS,
  type MessageLang,
  messageLang,
  phraseDetails,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import type { ClientMeta } from '../../http/clientMeta';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { listParks } from '../parks/repo';
import { writeLog } from '../systemLog/service';
import { deviceBroker } from './brokerInfo';
import { addDevice, type DeviceDeps } from './service';

type Park = { id: number; name: string };

function resolvePark(parks: readonly Park[], ref: string): Park | string {
  if (ref === '') return 'park is required (a park name or id)';
  const byId = /^\d+$/.test(ref) ? parks.find((p) => p.id === Number(ref)) : undefined;
  const found = byId ?? parks.find((p) => p.name === ref);
  return found ?? `park: no park "${ref}" that you may manage`;
}

/**
 * One row: the same checks and the same write (its own transaction, its own log entry) as
 * registering the device by hand, so an import can never create what the dialog would refuse.
 */
async function importRow(
  deps: DeviceDeps,
  auth: AuthContext,
  parks: readonly Park[],
  line: number,
  row: ImportRowInput,
  meta: ClientMeta,
  lang: MessageLang,
): Promise<ImportRowResult> {
  const refuse = (reason: string): ImportRowResult => ({ line, serial: row.serial, ok: false, reason });
  const park = resolvePark(parks, row.park);
  if (typeof park === 'string') return refuse(park);
  const parsed = addDeviceBody.safeParse({
    serial: row.serial,
    deviceClass: row.deviceClass,
    model: row.model,
    deviceName: row.deviceName,
    groupId: park.id,
  });
  if (!parsed.success) return refuse(phraseDetails(issueDetails(parsed.error.issues), lang));
  try {
    const r = await addDevice(deps, auth, parsed.data, meta);
    return { line, serial: row.serial, ok: true, deviceId: r.device.deviceId, groupId: park.id, secret: r.secret };
  } catch (err) {
    if (err instanceof ApiError) return refuse(err.messageIn(lang));
    throw err;
  }
}

export async function importDevices(
  deps: DeviceDeps,
  auth: AuthContext,
  input: { line: number; row: ImportRowInput }[],
  meta: ClientMeta,
  lang: MessageLang,
): Promise<ImportResult> {
  if (input.length === 0) throw new ApiError(Code.VALIDATION, 'rows: the file has no device rows');
  if (input.length > MAX_IMPORT_ROWS) {
    throw new ApiError(Code.VALIDATION, `rows: at most ${MAX_IMPORT_ROWS} devices per import (got ${input.length})`);
  }
  const parks = await listParks(deps.db, scopeOf(auth));
  const rows: ImportRowResult[] = [];
  // One after another: a serial repeated inside the file is then refused like any taken serial.
  for (const { line, row } of input) rows.push(await importRow(deps, auth, parks, line, row, meta, lang));
  const created = rows.filter((r) => r.ok).length;
  const result = { created, refused: rows.length - created, rows };
  await writeLog(deps.db, {
    merchantId: auth.merchantId,
    userId: auth.userId,
    loginName: auth.loginName,
    ip: meta.ip,
    action: 'device.import',
    targetType: 'device',
    detail: `${created} created, ${result.refused} refused of ${rows.length}`,
    code: Code.OK,
  });
  return result;
}

/** Import, and the broker address the console shows beside new credentials. */
export function deviceImportRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const d: DeviceDeps = { db: deps.db, registry: deps.devices, sessions: deps.deviceSessions };
  app.get(
    '/api/merchant/device/getDeviceBroker',
    { config: { permitUrl: '/system/device-mgt' }, schema: { tags: ['devices'] } },
    async (req) => ok(deviceBroker(deps.config, req)),
  );
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/merchant/device/importDevices',
      { config: { permitUrl: '/system/device-mgt' }, schema: { tags: ['devices'], body: importDevicesBody } },
      async (req) => {
        const { csv, rows } = req.body;
        let input: { line: number; row: ImportRowInput }[];
        if (csv !== undefined) {
          const parsed = csvToRows(csv);
          if ('error' in parsed) throw new ApiError(Code.VALIDATION, parsed.error);
          input = parsed;
        } else input = (rows ?? []).map((row, i) => ({ line: i + 1, row }));
        return ok(
          await importDevices(d, authOf(req), input, clientMeta(req), messageLang(req.headers['accept-language'])),
        );
      },
    );
}
