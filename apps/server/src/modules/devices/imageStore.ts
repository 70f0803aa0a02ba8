import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PictureMime } from '../../http/pictures';

/**
 * Content types of stored pictures, recognised by their first bytes (not by what a header claims).
 * Uploads are decoded by `http/pictures.ts` first; this only names the file.
 */
export type ImageMime = PictureMime;

export function sniffImage(buf: Buffer): ImageMime | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= png.length && png.every((b, i) => buf[i] === b)) return 'image/png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

const EXT: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export interface StoredImage {
  sha256: string;
  mime: ImageMime;
  bytes: number;
  /** Relative to the image root: `ab/abcdef....jpg`. */
  relPath: string;
}

/**
 * Content-addressed image files under `{dataDir}/images/ab/{sha256}.{ext}`: the same picture sent twice
 * is stored once, and a name never changes meaning. Written to a temp name and renamed, so a reader
 * never sees half a file. Reused by whatever serves images (pest and spore pages).
 */
export function createImageStore(dataDir: string) {
  const root = join(dataDir, 'images');
  const relPathOf = (sha256: string, mime: ImageMime) => join(sha256.slice(0, 2), `${sha256}.${EXT[mime]}`);
  return {
    root,
    relPathOf,
    pathOf: (sha256: string, mime: ImageMime) => join(root, relPathOf(sha256, mime)),
    async put(buf: Buffer): Promise<StoredImage> {
      const mime = sniffImage(buf);
      if (!mime) throw new TypeError('not a JPEG, PNG or WebP image');
      const sha256 = createHash('sha256').update(buf).digest('hex');
      const relPath = relPathOf(sha256, mime);
      const full = join(root, relPath);
      const exists = await stat(full).then(
        (s) => s.size === buf.length,
        () => false,
      );
      if (!exists) {
        await mkdir(join(root, sha256.slice(0, 2)), { recursive: true });
        const tmp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(tmp, buf);
        await rename(tmp, full);
      }
      return { sha256, mime, bytes: buf.length, relPath };
    },
  };
}
