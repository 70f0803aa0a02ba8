import { epochMsField, optional } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceAuth, deviceOf } from '../../http/deviceAuth';
import { ok } from '../../http/envelope';
import { acceptPictureBodies, checkPicture, PICTURE_LIMITS } from '../../http/pictures';
import type { ModuleDeps } from '../context';
import { createImageStore } from './imageStore';
import { insertImage } from './repo';

const uploadQuery = z.object({
  /** When the picture was taken (epoch ms); defaults to the time of upload. */
  takenAt: optional(epochMsField()),
});

/**
 * Devices upload pictures over HTTP (MQTT is a poor carrier for megabytes), authenticated as the
 * device itself, not as a user. Registered in its own plugin scope so the raw-body parsers and the
 * size limit apply to this route only.
 */
export async function deviceUploadRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const images = createImageStore(deps.config.dataDir);
  acceptPictureBodies(app, PICTURE_LIMITS.maxBytes);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/device/uploadImage',
    {
      config: { public: true },
      onRequest: deviceAuth(app, deps.db),
      bodyLimit: PICTURE_LIMITS.maxBytes,
      schema: { tags: ['devices'], querystring: uploadQuery },
    },
    async (req) => {
      const device = deviceOf(req);
      const picture = await checkPicture(req.body);
      const stored = await images.put(req.body as Buffer, { db: deps.db, merchantId: device.merchantId });
      const at = Date.now();
      const imageId = await insertImage(deps.db, {
        device_id: device.deviceId,
        sha256: stored.sha256,
        mime: picture.mime,
        bytes: stored.bytes,
        taken_at: req.query.takenAt ?? at,
        created_at: at,
      });
      return ok({ imageId, sha256: stored.sha256 });
    },
  );
}
