import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { CodecProbe } from './codec';
import { asFailure, CameraFailure } from './faults';
import type { CameraHealth } from './health';
import type { ProcessOwner } from './processes';
import type { CameraRow } from './repo';
import { type CameraSource, cameraSource, inputArgs } from './source';

/**
 * How a camera's live relay starts, the same for the HLS relay (streams.ts) and the low-latency fMP4 muxer
 * (liveMse.ts): the camera's source (or the failure its health remembers), and the codec decided beside a
 * relay that copies from the start.
 */
export interface RelayDeps {
  db: Db;
  config: Config;
  owner: ProcessOwner;
  health: CameraHealth;
  codecs: CodecProbe;
}

const PROBE_MS = 15_000;

/**
 * The source of a relay about to start, or a CameraFailure: the settings, the backoff after a failed start,
 * the source itself, no ffmpeg. A failure of the camera is noted in its health.
 */
export async function relaySource(
  deps: RelayDeps,
  cam: CameraRow,
  ezviz: 'hls' | 'flv' = 'hls',
): Promise<CameraSource> {
  const recent = deps.health.recentFailure(cam.id);
  if (recent) throw recent;
  try {
    const src = await cameraSource(deps, cam, ezviz);
    if (!deps.owner.available()) throw new CameraFailure('no-ffmpeg', `FFMPEG_PATH=${deps.config.video.ffmpeg}`);
    return src;
  } catch (err) {
    const failure = asFailure(err, [cam.stream_url]);
    await deps.health.failed(cam, failure);
    throw failure;
  }
}

/** ffmpeg's video options: H.264 is copied, anything else encoded (ultrafast, a key frame every half second). */
export function videoArgs(codec: string): string[] {
  if (codec === 'h264') return ['-c:v', 'copy'];
  // biome-ignore format: one option per line reads better
  return [
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    // segments and fragments start at key frames (x264's default: every 250 frames)
    '-force_key_frames', 'expr:gte(t,n_forced*0.5)',
  ];
}

/**
 * Starts a relay. A stream URL's codec is unknown until probed; rather than probing first (a second
 * connection and half a second of probing before the relay even starts: the RTSP gate's cold first
 * picture took over 3 s), the relay starts copying, the common case, and the probe runs beside it: the
 * relay is ready when both are, and one that is not H.264 starts again, encoded. The outcome is noted in
 * the camera's health once, for every play waiting on the first relay's `ready`.
 */
export function copyThenProbe<R extends { ready: Promise<void> }>(
  deps: RelayDeps,
  cam: CameraRow,
  src: CameraSource,
  relay: {
    /** Starts (and registers) a relay of this codec. */
    spawn: (codec: string) => R;
    /** The relay is still the camera's (not stopped meanwhile). */
    isCurrent: (r: R) => boolean;
    stop: () => Promise<void>;
  },
): R {
  const known = cam.kind === 'ezviz' ? 'h264' : deps.codecs.known(src.url);
  const first = relay.spawn(known ?? 'h264');
  const copying = first.ready;
  const ready = known
    ? copying
    : deps.codecs.probe(cam.merchant_id, src, { inputArgs: inputArgs(src), timeoutMs: PROBE_MS }).then(
        async (codec) => {
          if (codec === 'h264') return copying;
          if (!relay.isCurrent(first)) throw new CameraFailure('offline', 'the stream was stopped');
          await relay.stop();
          return relay.spawn(codec).ready;
        },
        async (err) => {
          await relay.stop();
          throw err;
        },
      );
  first.ready = ready.then(
    () => deps.health.reached(cam),
    async (err) => {
      const failure = asFailure(err, [cam.stream_url]);
      await deps.health.failed(cam, failure);
      throw failure;
    },
  );
  first.ready.catch(() => {});
  return first;
}
