import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import { ezvizCapture } from './ezvizClient';
import { asFailure, CameraFailure, failureError } from './faults';
import type { CameraHealth } from './health';
import type { ProcessOwner } from './processes';
import { type CameraRow, cameraById } from './repo';
import { cameraSource, ezvizDeps, ezvizFailure, ezvizTarget, inputArgs } from './source';

const SNAPSHOT_MS = 20_000;
const FAILED = { zh: '抓图失败', en: 'Snapshot failed' };

type Deps = { db: Db; config: Config; owner: ProcessOwner; health: CameraHealth };

/**
 * One JPEG frame from the camera now. EZVIZ cameras through EZVIZ's capture API; stream cameras by ffmpeg
 * reading one frame from the source (a process of the owner). For the wall's button, scheduled seedling
 * pictures and alarm pictures (the caller checked who may see the camera). A failure is noted in the
 * camera's health and answered as 1003 with its cause in the caller's language.
 */
export async function captureSnapshot(deps: Deps, cameraId: number): Promise<Buffer> {
  const cam = await cameraById(deps.db, cameraId);
  if (!cam) throw notFound(`camera ${cameraId}`);
  const recent = deps.health.recentFailure(cam.id);
  if (recent) throw failureError(recent, { prefix: FAILED });
  try {
    const jpg = await grab(deps, cam);
    await deps.health.reached(cam);
    return jpg;
  } catch (err) {
    const failure = asFailure(err, [cam.stream_url]);
    await deps.health.failed(cam, failure);
    throw failureError(failure, { prefix: FAILED });
  }
}

async function grab(deps: Deps, cam: CameraRow): Promise<Buffer> {
  if (cam.kind === 'ezviz' && cam.enabled === 1)
    return ezvizCapture(ezvizDeps(deps), ezvizTarget(cam)).catch((err) => {
      throw ezvizFailure(err);
    });
  const src = await cameraSource(deps, cam);
  if (!deps.owner.available()) throw new CameraFailure('no-ffmpeg', `FFMPEG_PATH=${deps.config.video.ffmpeg}`);
  const args = [...inputArgs(src), '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', 'pipe:1'];
  return deps.owner.run({ merchantId: cam.merchant_id, purpose: 'snapshot', args }, SNAPSHOT_MS);
}
