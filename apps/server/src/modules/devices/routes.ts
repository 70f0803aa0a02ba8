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
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { apiRoutes } from '../../http/routes';
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
  const tags = ['devices'];
  const { r, get, post } = apiRoutes(app, tags);
  const config = { permitUrl: DEVICE_ADMIN };
  const d: DeviceDeps = { db: deps.db, registry: deps.devices, sessions: deps.deviceSessions };

  get('/api/merchant/device/getDeviceList', config, deviceListQuery, (req) =>
    listDevices(deps.db, authOf(req), req.query),
  );

  get('/api/merchant/device/getDeviceDetail', config, deviceIdQuery, (req) =>
    deviceDetail(deps.db, authOf(req), req.query.deviceId),
  );

  post('/api/merchant/device/addDevice', config, addDeviceBody, (req) =>
    addDevice(d, authOf(req), req.body, clientMeta(req)),
  );

  post('/api/merchant/device/alterDevice', config, alterDeviceBody, (req) =>
    alterDevice(d, authOf(req), req.body, clientMeta(req)),
  );

  r.post('/api/merchant/device/removeDevice', { config, schema: { tags, body: removeDeviceBody } }, async (req) =>
    ok({ removed: await removeDevices(d, authOf(req), req.body.deviceId, clientMeta(req)) }),
  );

  post('/api/merchant/device/regenerateDeviceSecret', config, regenerateDeviceSecretBody, (req) =>
    regenerateSecret(d, authOf(req), req.body.deviceId, clientMeta(req)),
  );

  post('/api/merchant/device/alterDeviceGroup', config, alterDeviceGroupBody, (req) =>
    moveDevices(d, authOf(req), req.body.deviceId, req.body.groupId, clientMeta(req)),
  );
}
