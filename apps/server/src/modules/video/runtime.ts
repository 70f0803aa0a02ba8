import type { CameraKind } from '@farmpark/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { createCodecProbe } from './codec';
import { ezvizLiveAddress } from './ezvizClient';
import { asFailure, CameraFailure } from './faults';
import { createCameraHealth } from './health';
import { LiveHub } from './liveMse';
import { createProcessOwner } from './processes';
import { createRecorder } from './recorder';
import { captureSnapshot } from './snapshot';
import { ezvizDeps, ezvizFailure, inputArgs, streamSource } from './source';
import { StreamManager } from './streams';

/** A check on save answers within the console's 15 s: ffmpeg gives up after 8 s, the owner kills at 10 s. */
const CHECK_INPUT_S = 8;
const CHECK_MS = 10_000;

export interface CameraSettings {
  kind: CameraKind;
  streamUrl: string | null;
  serial: string | null;
  channelNo: number;
}

/**
 * Video's runtime, one per server: the owner of its processes (with the caps of config.ts), each camera's
 * health, the codec probe, the live streams (HLS, and fMP4 over WebSocket), and what other modules ask of a camera (a picture, a check).
 */
export function createVideo(deps: { db: Db; config: Config; log?: { warn(o: object, m: string): void } }) {
  const { db, config, log } = deps;
  const owner = createProcessOwner({
    ffmpeg: config.video.ffmpeg,
    maxProcesses: config.video.maxProcesses,
    maxPerMerchant: config.video.maxProcessesPerMerchant,
  });
  const health = createCameraHealth({ db, log });
  const codecs = createCodecProbe(owner);
  const ctx = { db, config, owner, health, codecs, log };
  const streams = new StreamManager(ctx);
  const recorder = createRecorder(ctx);
  const live = new LiveHub(ctx);

  /** Reaches a camera as set up (before it is saved); rejects with the CameraFailure naming the cause. */
  async function check(merchantId: number, s: CameraSettings): Promise<void> {
    if (s.kind === 'ezviz') {
      const target = { merchantId, serial: s.serial ?? '', channelNo: s.channelNo };
      await ezvizLiveAddress(ezvizDeps(ctx), target, 'hls').catch((err) => {
        throw ezvizFailure(err);
      });
      return;
    }
    try {
      const src = await streamSource(config, s.streamUrl);
      if (!owner.available()) throw new CameraFailure('no-ffmpeg', `FFMPEG_PATH=${config.video.ffmpeg}`);
      await codecs.probe(merchantId, src, {
        inputArgs: inputArgs(src, CHECK_INPUT_S),
        timeoutMs: CHECK_MS,
        fresh: true,
      });
    } catch (err) {
      throw asFailure(err, [s.streamUrl]);
    }
  }

  return {
    ...ctx,
    streams,
    recorder,
    live,
    check,
    capture: (cameraId: number) => captureSnapshot(ctx, cameraId),
    async close() {
      await recorder.close();
      await Promise.all([streams.close(), live.close()]);
      await owner.close();
    },
  };
}

export type Video = ReturnType<typeof createVideo>;
