import { Code } from '@farmpark/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/apiError';
import { failure, ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { type AuthenticatedDevice, authenticateDevice } from './credentials';
import { createImageStore } from './imageStore';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** `X-Device-Serial` + `X-Device-Secret`, or HTTP Basic `serial:secret`. */
export function deviceCredentialsOf(req: FastifyRequest): { serial: string; secret: string } | null {
  const header = (name: string) => {
    const v = req.headers[name];
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
  };
  const serial = header('x-device-serial');
  const secret = header('x-device-secret');
  if (serial && secret) return { serial, secret };
  const basic = /^Basic\s+(\S+)$/i.exec(header('authorization'));
  if (!basic) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { serial: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const uploadQuery = z.object({
  /** When the picture was taken (epoch ms); defaults to the time of upload. */
  takenAt: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'takenAt must be epoch milliseconds' }).int().positive().optional(),
  ),
});

/**
 * Devices upload pictures over HTTP (MQTT is a poor carrier for megabytes), authenticated as the
 * device itself, not as a user. Registered in its own plugin scope so the raw-body parsers and the
 * 10 MB limit apply to this route only.
 */
export async function deviceUploadRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const images = createImageStore(deps.config.dataDir);
  for (const type of ['image/jpeg', 'image/png', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
  }
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/device/uploadImage',
    {
      config: { public: true },
      bodyLimit: MAX_IMAGE_BYTES,
      schema: { tags: ['devices'], querystring: uploadQuery },
    },
    async (req, reply) => {
      const creds = deviceCredentialsOf(req);
      let device: AuthenticatedDevice;
      try {
        if (!creds) throw new Error('no credentials');
        device = await authenticateDevice(deps.db, creds.serial, creds.secret);
      } catch {
        return reply
          .status(401)
          .header('www-authenticate', 'Basic realm="farmpark-device"')
          .send(failure(Code.PERMISSION_DENIED, 'Device authentication failed: check the serial and secret'));
      }
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
        throw new ApiError(Code.VALIDATION, 'body: send the image bytes (image/jpeg or image/png)');
      }
      let stored: Awaited<ReturnType<typeof images.put>>;
      try {
        stored = await images.put(req.body);
      } catch (err) {
        if (err instanceof TypeError) throw new ApiError(Code.VALIDATION, `body: ${err.message}`);
        throw err;
      }
      const at = Date.now();
      const row = await deps.db
        .insertInto('device_images')
        .values({
          device_id: device.deviceId,
          sha256: stored.sha256,
          mime: stored.mime,
          bytes: stored.bytes,
          taken_at: req.query.takenAt ?? at,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ok({ imageId: row.id, sha256: stored.sha256 });
    },
  );
}
