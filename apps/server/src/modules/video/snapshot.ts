import { Code } from '@farmpark/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import { EzvizError, ezvizCapture } from './ezvizClient';
import { ffmpegAvailable, runFfmpeg } from './ffmpeg';
import { cameraById } from './repo';
import { cameraSource, ezvizDeps, inputArgs, scrubUrls } from './source';

/**
 * One JPEG frame from the camera now. EZVIZ cameras through EZVIZ's capture API; stream cameras by ffmpeg
 * reading one frame from the source. For scheduled seedling pictures and alarm snapshots (the caller checked
 * who may see the camera). Refusals are ApiError 1003 with the reason (offline, disabled, no ffmpeg...).
 */
export async function captureSnapshot(deps: { db: Db; config: Config }, cameraId: number): Promise<Buffer> {
  const cam = await cameraById(deps.db, cameraId);
  if (!cam) throw new ApiError(Code.NOT_FOUND, `camera ${cameraId} not found`);
  if (cam.kind === 'ezviz' && cam.enabled === 1) {
    try {
      return await ezvizCapture(ezvizDeps(deps), {
        merchantId: cam.merchant_id,
        serial: cam.ezviz_serial ?? '',
        channelNo: cam.ezviz_channel ?? 1,
      });
    } catch (err) {
      const msg = err instanceof EzvizError ? `EZVIZ ${err.code}: ${err.message}` : (err as Error).message;
      throw new ApiError(Code.DEVICE_OPERATION_FAILED, `snapshot failed: ${msg}`);
    }
  }
  const src = await cameraSource(deps, cam);
  if (!src.ok) throw new ApiError(Code.DEVICE_OPERATION_FAILED, `snapshot failed: ${src.message}`);
  const { ffmpeg } = deps.config.video;
  if (!ffmpegAvailable(ffmpeg)) throw new ApiError(Code.DEVICE_OPERATION_FAILED, `snapshot failed: ffmpeg not found`);
  try {
    // biome-ignore format: one option per line reads better
    return await runFfmpeg(ffmpeg, [
      '-hide_banner', '-loglevel', 'error', ...inputArgs(src),
      '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', 'pipe:1',
    ]);
  } catch (err) {
    throw new ApiError(Code.DEVICE_OPERATION_FAILED, `snapshot failed: ${scrubUrls((err as Error).message)}`);
  }
}
