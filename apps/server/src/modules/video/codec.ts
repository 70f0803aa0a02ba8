import { CameraFailure } from './faults';
import { DESCRIBE_ARGS, videoCodecIn } from './ffmpeg';
import { ProcessFailed, type ProcessOwner } from './processes';
import type { CameraSource } from './source';

/** A source that answered without video is asked once more after this long (see `probe`). */
export const PROBE_RETRY_MS = 1000;

/**
 * A stream URL's video codec (h264 is copied to the browser, anything else encoded), asked once per URL and
 * kept: by the check when a camera is saved, or beside the relay at its first play. ffmpeg reads one video
 * packet and describes its input (no ffprobe: the npm package's ffmpeg comes without it).
 */
export function createCodecProbe(owner: ProcessOwner) {
  const known = new Map<string, string>();

  async function once(merchantId: number, inputArgs: string[], timeoutMs: number): Promise<string | null> {
    try {
      const words = await owner.words(
        { merchantId, purpose: 'probe', args: [...inputArgs, ...DESCRIBE_ARGS] },
        timeoutMs,
      );
      return videoCodecIn(words);
    } catch (err) {
      // no video stream in the input: the map of `0:v:0` matched nothing (or the input was not media at all)
      if (err instanceof ProcessFailed && !err.timedOut && /matches no streams/i.test(err.words)) return null;
      throw err;
    }
  }

  return {
    known: (url: string) => known.get(url),
    /**
     * Rejects with the owner's errors (cap, a failed run); a source without video is `not-video`. `fresh`
     * asks the source even when its codec is known (a check of the camera, not just of its codec). A source
     * that answers without video is asked once more a second later before that answer: a freshly started HLS
     * playlist can be briefly empty (or its first segment not yet written), which is no cause to refuse it.
     */
    async probe(
      merchantId: number,
      src: CameraSource,
      o: { inputArgs: string[]; timeoutMs: number; fresh?: boolean },
    ): Promise<string> {
      const cached = known.get(src.url);
      if (cached && !o.fresh) return cached;
      let codec: string | null = null;
      for (let attempt = 0; attempt < 2 && !codec; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, PROBE_RETRY_MS));
        try {
          codec = await once(merchantId, o.inputArgs, o.timeoutMs);
        } catch (err) {
          const notVideo =
            err instanceof ProcessFailed && /Invalid data found|does not contain any stream/i.test(err.words);
          if (!notVideo || attempt > 0) throw err;
        }
      }
      if (!codec) throw new CameraFailure('not-video', 'ffmpeg found no video stream');
      known.set(src.url, codec);
      return codec;
    },
  };
}

export type CodecProbe = ReturnType<typeof createCodecProbe>;
