import { type CameraItem, CLASS_PERMIT_URL, cameraListQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { requirePark } from '../../http/scope';
import type { ModuleDeps } from '../context';
import { camerasOfPark } from './repo';

/**
 * SPEC §7 `camera/getCameraListByGroupId`. Cameras are the `camera` devices of device management
 * (docs/DECISIONS.md); the video issue adds their streams beside these fields.
 */
export function cameraRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/merchant/camera/getCameraListByGroupId',
    { config: { permitUrl: CLASS_PERMIT_URL.camera }, schema: { tags: ['camera'], querystring: cameraListQuery } },
    async (req) => {
      const auth = authOf(req);
      requirePark(auth, req.query.groupId);
      const rows = await camerasOfPark(deps.db, auth, req.query.groupId);
      return ok(
        rows.map(
          (c): CameraItem => ({
            deviceId: c.id,
            serial: c.serial,
            deviceName: c.name,
            groupId: req.query.groupId,
            online: c.online === 1,
            lastReportAt: c.last_seen_at === null ? null : Number(c.last_seen_at),
            longitude: c.longitude,
            latitude: c.latitude,
          }),
        ),
      );
    },
  );
}
