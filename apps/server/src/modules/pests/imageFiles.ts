import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { contentStore } from '../../files/contentStore';
import { createImageStore, type ImageMime } from '../devices/imageStore';

export const THUMB_WIDTH = 320;

/**
 * Reads stored pictures and their thumbnails. Files are found only from a database row's sha256 and
 * mime, never from anything a caller typed, so no path can be guessed into. Thumbnails are made once
 * with sharp and kept in the one file store under `{dataDir}/thumbs`, named by the original's sha256.
 */
export function createImageFiles(dataDir: string) {
  const store = createImageStore(dataDir);
  const thumbs = contentStore(dataDir, 'thumbs');
  const inflight = new Map<string, Promise<Buffer>>();

  async function makeThumb(sha256: string, mime: ImageMime): Promise<Buffer> {
    const cached = await readFile(thumbs.pathOf(sha256, 'jpg')).catch(() => null);
    if (cached) return cached;
    const buf = await sharp(await readFile(store.pathOf(sha256, mime)))
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    await thumbs.putDerived(sha256, 'jpg', buf);
    return buf;
  }

  return {
    store,
    original: (sha256: string, mime: ImageMime) => readFile(store.pathOf(sha256, mime)),
    /** One thumbnail job per picture even when a timeline asks for it many times at once. */
    thumb(sha256: string, mime: ImageMime): Promise<Buffer> {
      let job = inflight.get(sha256);
      if (!job) {
        job = makeThumb(sha256, mime).finally(() => inflight.delete(sha256));
        inflight.set(sha256, job);
      }
      return job;
    },
  };
}
