import {
  CAMERA_FAILURES_TO_MARK,
  type CameraFault,
  type CameraListItem,
  type CameraPurpose,
  CLASS_PERMIT_URL,
  cameraListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { requirePark } from '../../http/scope';
import type { ModuleDeps } from '../context';
import { WATCH } from '../video/streamRoutes';
import { camerasOfPark } from './repo';

/**
 * SPEC §7 `camera/getCameraListByGroupId`. Cameras are the `camera` devices of device management
 * (docs/DECISIONS.md); the video settings (modules/video) come beside these fields, so the wall builds its
 * camera tree from this call and plays through `video/camera/play`.
 */
export function cameraRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/merchant/camera/getCameraListByGroupId',
    {
      // every page that shows cameras lists them (the seedling page picks its camera from this list)
      config: { permitUrl: CLASS_PERMIT_URL.camera, alsoPermitUrls: WATCH.alsoPermitUrls },
      schema: { tags: ['camera'], querystring: cameraListQuery },
    },
    async (req) => {
      const auth = authOf(req);
      requirePark(auth, req.query.groupId);
      const rows = await camerasOfPark(deps.db, auth, req.query.groupId);
      return ok(
        rows.map(
          (c): CameraListItem => ({
            deviceId: c.id,
            serial: c.serial,
            deviceName: c.name,
            groupId: req.query.groupId,
            online: c.online === 1,
            lastReportAt: c.last_seen_at === null ? null : Number(c.last_seen_at),
            longitude: c.longitude,
            latitude: c.latitude,
            kind: c.kind ?? null,
            ptz: c.ptz === 1,
            purpose: (c.purpose ?? 'general') as CameraPurpose,
            enabled: c.enabled === 1,
            plotId: c.plot_id ?? null,
            // the cause in words on the wall, once the camera counts as failing (never its address)
            fault: (c.failures ?? 0) >= CAMERA_FAILURES_TO_MARK ? ((c.fault as CameraFault | null) ?? null) : null,
          }),
        ),
      );
    },
  );
}
