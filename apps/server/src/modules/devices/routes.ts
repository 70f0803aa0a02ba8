import {
  addDeviceBody,
  alterDeviceBody,
  alterDeviceGroupBody,
  deviceIdQuery,
  deviceListQuery,
  regenerateDeviceSecretBody,
  removeDeviceBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import {
  addDevice,
  alterDevice,
  type DeviceDeps,
  deviceDetail,
  listDevices,
  moveDevices,
  regenerateSecret,
  removeDevices,
} from './service';

const DEVICE_ADMIN = '/system/device-mgt';

export function deviceRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['devices'];
  const config = { permitUrl: DEVICE_ADMIN };
  const d: DeviceDeps = { db: deps.db, registry: deps.devices, sessions: deps.deviceSessions };

  r.get('/api/merchant/device/getDeviceList', { config, schema: { tags, querystring: deviceListQuery } }, async (req) =>
    ok(await listDevices(deps.db, authOf(req), req.query)),
  );

  r.get('/api/merchant/device/getDeviceDetail', { config, schema: { tags, querystring: deviceIdQuery } }, async (req) =>
    ok(await deviceDetail(deps.db, authOf(req), req.query.deviceId)),
  );

  r.post('/api/merchant/device/addDevice', { config, schema: { tags, body: addDeviceBody } }, async (req) =>
    ok(await addDevice(d, authOf(req), req.body, clientMeta(req))),
  );

  r.post('/api/merchant/device/alterDevice', { config, schema: { tags, body: alterDeviceBody } }, async (req) =>
    ok(await alterDevice(d, authOf(req), req.body, clientMeta(req))),
  );

  r.post('/api/merchant/device/removeDevice', { config, schema: { tags, body: removeDeviceBody } }, async (req) =>
    ok({ removed: await removeDevices(d, authOf(req), req.body.deviceId, clientMeta(req)) }),
  );

  r.post(
    '/api/merchant/device/regenerateDeviceSecret',
    { config, schema: { tags, body: regenerateDeviceSecretBody } },
    async (req) => ok(await regenerateSecret(d, authOf(req), req.body.deviceId, clientMeta(req))),
  );

  r.post(
    '/api/merchant/device/alterDeviceGroup',
    { config, schema: { tags, body: alterDeviceGroupBody } },
    async (req) => ok(await moveDevices(d, authOf(req), req.body.deviceId, req.body.groupId, clientMeta(req))),
  );
}
