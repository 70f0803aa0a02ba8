import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** The kinds of stored file, each a folder under DATA_DIR. */
export type FileKind = 'images' | 'thumbs' | 'reports' | 'videos';

/**
 * The one file store: content-addressed files under `{dataDir}/{kind}/ab/{sha256}.{ext}`. The same content
 * sent twice is stored once and a name never changes meaning; files are written to a temporary name and
 * renamed, so a reader never sees half a file. Files are found only from a row's sha256 and type, never
 * from anything a caller typed, so no path can be guessed into. Pictures, thumbnails, test reports and clips
 * all go through here (each kind keeps its own content check before `put`).
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

    /** Stores a whole buffer; answers its sha256 (the same file again is not written twice). */
    async put(buf: Buffer, ext: string): Promise<{ sha256: string; bytes: number }> {
      const sha256 = createHash('sha256').update(buf).digest('hex');
      const full = pathOf(sha256, ext);
      if (!(await has(full, buf.length))) await write(sha256, ext, buf);
      return { sha256, bytes: buf.length };
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
    ): Promise<{ sha256: string; bytes: number }> {
      await mkdir(root, { recursive: true });
      const tmp = join(root, `upload-${randomBytes(8).toString('hex')}.tmp`);
      const hash = createHash('sha256');
      const out = createWriteStream(tmp);
      let bytes = 0;
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          check.chunk(chunk, bytes);
          hash.update(chunk);
          if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        check.end(bytes);
        const sha256 = hash.digest('hex');
        await folderOf(sha256);
        await rename(tmp, pathOf(sha256, ext));
        return { sha256, bytes };
      } catch (err) {
        // the stream opens its file asynchronously: a refusal in the first chunk can come before the open, and
        // removing the file then would leave the late-created one behind. Remove it once the stream has closed.
        if (!out.closed) await new Promise<void>((r) => out.once('close', () => r()).destroy());
        await rm(tmp, { force: true });
        throw err;
      }
    },

    /** Removes a file once no row names it. */
    drop: (sha256: string, ext: string) => rm(pathOf(sha256, ext), { force: true }),
    size: async (sha256: string, ext: string) => (await stat(pathOf(sha256, ext))).size,
  };
}
export type ContentStore = ReturnType<typeof contentStore>;
