import { CameraFailure } from './faults';
import type { ProcessOwner } from './processes';
import type { CameraSource } from './source';

/**
 * A stream URL's video codec (h264 is copied to the browser, anything else encoded), asked of ffprobe once
 * per URL and kept: by the check when a camera is saved, or beside the relay at its first play.
 */
export function createCodecProbe(owner: ProcessOwner) {
  const known = new Map<string, string>();
  return {
    known: (url: string) => known.get(url),
    /**
     * Rejects with the owner's errors (cap, a failed run); a source without video is `not-video`. `fresh`
     * asks the source even when its codec is known (a check of the camera, not just of its codec).
     */
    async probe(
      merchantId: number,
      src: CameraSource,
      o: { inputArgs: string[]; timeoutMs: number; fresh?: boolean },
    ): Promise<string> {
      const cached = known.get(src.url);
      if (cached && !o.fresh) return cached;
      // biome-ignore format: one option per line reads better
      const args = [
        '-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', ...o.inputArgs,
      ];
      const out = await owner.run({ merchantId, purpose: 'probe', probe: true, args }, o.timeoutMs);
      const codec = out.toString('utf8').trim().split('\n')[0]?.trim();
      if (!codec) throw new CameraFailure('not-video', 'ffprobe found no video stream');
      known.set(src.url, codec);
      return codec;
    },
  };
}

export type CodecProbe = ReturnType<typeof createCodecProbe>;
