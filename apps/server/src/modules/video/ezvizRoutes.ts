import {
  CAMERA_FAULT_TEXT,
  type EzvizAnswer,
  ezvizCaptureBody,
  ezvizLiveBody,
  ezvizPtzStartBody,
  ezvizPtzStopBody,
  messageLang,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import type { ModuleDeps } from '../context';
import { EzvizError, ezvizPtz } from './ezvizClient';
import { asFailure } from './faults';
import type { CameraRow } from './repo';
import type { Video } from './runtime';
import { cameraOf } from './service';
import { ezvizDeps, ezvizTarget } from './source';
import { WATCH } from './streamRoutes';
import { liveAddress } from './streamToken';

const PREFIX = '/api/merchant/ysyApi/lapp';

const okAnswer = <T>(data: T): EzvizAnswer<T> => ({ code: '200', msg: 'Operation succeeded', data });
const fail = (code: string, msg: string): EzvizAnswer<null> => ({ code, msg, data: null });

/**
 * SPEC's `/ysyApi/lapp` family: EZVIZ's open API proxied with the merchant's key, which (with the token)
 * stays on the server. The browser names a FarmPark camera id, never an EZVIZ serial or token. Answers in
 * EZVIZ's own form: `code` "200" is success (SPEC §8), any other is EZVIZ's (or "400": not an EZVIZ camera)
 * with its message. A camera the caller may not see is FarmPark's 1005, and a missing session a 9xx, as on
 * every route.
 */
export function ezvizRoutes(app: FastifyInstance, deps: ModuleDeps, video: Video): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['video'];

  async function ezvizCamera(req: Parameters<typeof authOf>[0], id: number): Promise<CameraRow | EzvizAnswer<null>> {
    // Another merchant's camera, or one of a park the caller may not see: 1005, as everywhere.
    const cam = await cameraOf(deps.db, authOf(req), id);
    if (cam.kind !== 'ezviz' || !cam.ezviz_serial) return fail('400', 'not an EZVIZ camera');
    return cam;
  }
  const target = ezvizTarget;
  async function run<T>(job: () => Promise<T>): Promise<EzvizAnswer<T | null>> {
    try {
      return okAnswer(await job());
    } catch (err) {
      if (err instanceof EzvizError) return fail(err.code, err.message);
      throw err;
    }
  }

  r.post(`${PREFIX}/live/address/get`, { config: WATCH, schema: { tags, body: ezvizLiveBody } }, async (req) => {
    const cam = await ezvizCamera(req, req.body.cameraId);
    if (!('id' in cam)) return cam;
    // Either protocol answers the relayed address (same origin, authorised per park, recorded while watched):
    // EZVIZ's own live addresses carry its access token and never leave the server (docs/VIDEO.md).
    // `protocol` stays accepted for the clients of SPEC's EZVIZ route.
    try {
      await video.streams.start(cam);
    } catch (err) {
      const f = asFailure(err);
      // EZVIZ's own code when EZVIZ refused; the words in the caller's language
      return fail(f.ezvizCode ?? '49999', CAMERA_FAULT_TEXT[f.fault][messageLang(req.headers['accept-language'])]);
    }
    const live = liveAddress(cam.id);
    return okAnswer({ url: live.url, expireTime: live.expiresAt });
  });

  r.post(`${PREFIX}/device/ptz/start`, { config: WATCH, schema: { tags, body: ezvizPtzStartBody } }, async (req) => {
    const cam = await ezvizCamera(req, req.body.cameraId);
    if (!('id' in cam)) return cam;
    if (cam.ptz !== 1) return fail('60020', 'the camera has no PTZ');
    return run(() => ezvizPtz(ezvizDeps(deps), target(cam), 'start', req.body.direction, req.body.speed));
  });

  r.post(`${PREFIX}/device/ptz/stop`, { config: WATCH, schema: { tags, body: ezvizPtzStopBody } }, async (req) => {
    const cam = await ezvizCamera(req, req.body.cameraId);
    if (!('id' in cam)) return cam;
    if (cam.ptz !== 1) return fail('60020', 'the camera has no PTZ');
    return run(() => ezvizPtz(ezvizDeps(deps), target(cam), 'stop', req.body.direction, 0));
  });

  r.post(`${PREFIX}/device/capture`, { config: WATCH, schema: { tags, body: ezvizCaptureBody } }, async (req) => {
    const cam = await ezvizCamera(req, req.body.cameraId);
    if (!('id' in cam)) return cam;
    // The picture itself comes through FarmPark (EZVIZ's picture URL would reveal the device).
    return okAnswer({ picUrl: `/api/merchant/video/camera/snapshot?id=${cam.id}` });
  });
}
