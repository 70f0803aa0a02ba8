import { contentStore, extOf } from '../../files/contentStore';
import type { FileOwner } from '../../files/ledger';
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

export interface StoredImage {
  sha256: string;
  mime: ImageMime;
  bytes: number;
  /** Relative to the image root: `ab/abcdef....jpg`. */
  relPath: string;
}

/**
 * Pictures in the one file store (`files/contentStore.ts`), under `{dataDir}/images/ab/{sha256}.{ext}`.
 * Reused by whatever serves images (pest and spore pages, camera pictures, farm-work photos).
 */
export function createImageStore(dataDir: string) {
  const files = contentStore(dataDir, 'images');
  return {
    root: files.root,
    relPathOf: (sha256: string, mime: ImageMime) => files.relPathOf(sha256, extOf(mime)),
    pathOf: (sha256: string, mime: ImageMime) => files.pathOf(sha256, extOf(mime)),
    /** Stores a picture for its owner, counted against the owner's quota (files/ledger.ts). */
    async put(buf: Buffer, owner: FileOwner): Promise<StoredImage> {
      const mime = sniffImage(buf);
      if (!mime) throw new TypeError('not a JPEG, PNG or WebP image');
      const { sha256, bytes } = await files.put(buf, extOf(mime), owner);
      return { sha256, mime, bytes, relPath: files.relPathOf(sha256, extOf(mime)) };
    },
  };
}
