import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { StoredFileKind } from '@farmpark/contracts';
import { admitFile, type FileOwner, recordFile } from './ledger';

/** The file name's extension of each type the store keeps (the type is known from the content, never a claim). */
const EXT_OF_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};
export const extOf = (mime: string): string => EXT_OF_MIME[mime] ?? 'bin';

/** The kinds of stored file, each a folder under DATA_DIR: a merchant's files, and thumbnails made from them. */
export type FileKind = StoredFileKind | 'thumbs';

/**
 * The one file store: content-addressed files under `{dataDir}/{kind}/ab/{sha256}.{ext}`. The same content
 * sent twice is stored once and a name never changes meaning; files are written to a temporary name and
 * renamed, so a reader never sees half a file. Files are found only from a row's sha256 and type, never
 * from anything a caller typed, so no path can be guessed into. Pictures, thumbnails, test reports and clips
 * all go through here (each kind keeps its own content check before `put`).
 *
 * Every file is stored for a merchant (`FileOwner`): its quota is checked before a byte is written, and the
 * file is entered in the merchant's ledger (files/ledger.ts), which the sweep (files/sweep.ts) reads to
 * remove what no record names. Thumbnails are the server's cache of a picture, not the merchant's file:
 * they are not counted, and go with their picture.
 */
export function contentStore(dataDir: string, kind: FileKind) {
  const root = join(dataDir, kind);
  const relPathOf = (sha256: string, ext: string) => join(sha256.slice(0, 2), `${sha256}.${ext}`);
  const pathOf = (sha256: string, ext: string) => join(root, relPathOf(sha256, ext));
  const folderOf = (sha256: string) => mkdir(join(root, sha256.slice(0, 2)), { recursive: true });
  const has = (full: string, bytes: number) =>
    stat(full).then(
      (s) => s.size === bytes,
      () => false,
    );

  /** Writes to a temporary name and renames, so a reader never sees half a file. */
  const write = async (sha256: string, ext: string, buf: Buffer) => {
    const full = pathOf(sha256, ext);
    await folderOf(sha256);
    const tmp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, buf);
    await rename(tmp, full);
  };

  return {
    root,
    relPathOf,
    pathOf,

    /** Stores a whole buffer for its owner; answers its sha256 (the same file again is not written twice). */
    async put(buf: Buffer, ext: string, owner: FileOwner): Promise<{ sha256: string; bytes: number }> {
      const sha256 = createHash('sha256').update(buf).digest('hex');
      await admitFile(owner, ledgerKind(), sha256, buf.length);
      const full = pathOf(sha256, ext);
      // content on disk already is touched, so the sweep's grace period starts again (files/sweep.ts)
      if (await has(full, buf.length)) await utimes(full, new Date(), new Date());
      else await write(sha256, ext, buf);
      await recordFile(owner, ledgerKind(), { sha256, ext, bytes: buf.length });
      return { sha256, bytes: buf.length };
    },

    /**
     * Moves a file written elsewhere (a label sheet drawn page by page) into the store for its owner.
     * Over the quota, the file is removed and the refusal thrown.
     */
    async adopt(file: string, ext: string, owner: FileOwner): Promise<{ sha256: string; bytes: number }> {
      try {
        const hash = createHash('sha256');
        for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
        const sha256 = hash.digest('hex');
        const bytes = (await stat(file)).size;
        await admitFile(owner, ledgerKind(), sha256, bytes);
        await folderOf(sha256);
        await rename(file, pathOf(sha256, ext));
        await recordFile(owner, ledgerKind(), { sha256, ext, bytes });
        return { sha256, bytes };
      } finally {
        await rm(file, { force: true });
      }
    },

    /** Stores a file made from a stored one (a thumbnail), named by the source's sha256. */
    putDerived: (sourceSha256: string, ext: string, buf: Buffer): Promise<void> => write(sourceSha256, ext, buf),

    /**
     * Stores a stream without holding it in memory. `check` sees every chunk as it arrives and throws to
     * refuse the upload (too large, wrong type); nothing of a refused upload stays on disk.
     */
    async putStream(
      body: Readable,
      ext: string,
      check: { chunk(chunk: Buffer, bytesSoFar: number): void; end(bytes: number): void },
      owner: FileOwner,
    ): Promise<{ sha256: string; bytes: number }> {
      // the size is known only at the end: the quota is checked as bytes arrive (the same content kept
      // already would cost nothing, but that is known only at the end too, so a full quota refuses it)
      const fits = await admitFile(owner, ledgerKind(), null);
      await mkdir(root, { recursive: true });
      const tmp = join(root, `upload-${randomBytes(8).toString('hex')}.tmp`);
      const hash = createHash('sha256');
      const out = createWriteStream(tmp);
      let bytes = 0;
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          check.chunk(chunk, bytes);
          fits(bytes);
          hash.update(chunk);
          if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        check.end(bytes);
        const sha256 = hash.digest('hex');
        await folderOf(sha256);
        await rename(tmp, pathOf(sha256, ext));
        await recordFile(owner, ledgerKind(), { sha256, ext, bytes });
        return { sha256, bytes };
      } catch (err) {
        // the stream opens its file asynchronously: a refusal in the first chunk can come before the open, and
        // removing the file then would leave the late-created one behind. Remove it once the stream has closed.
        if (!out.closed) await new Promise<void>((r) => out.once('close', () => r()).destroy());
        await rm(tmp, { force: true });
        throw err;
      }
    },

    size: async (sha256: string, ext: string) => (await stat(pathOf(sha256, ext))).size,
  };

  function ledgerKind(): StoredFileKind {
    if (kind === 'thumbs') throw new TypeError("thumbnails are derived (putDerived), not a merchant's file");
    return kind;
  }
}
export type ContentStore = ReturnType<typeof contentStore>;
