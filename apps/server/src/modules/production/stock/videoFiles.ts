import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Code } from '@farmpark/contracts';
import { ApiError } from '../../../http/apiError';

/**
 * Traceability clips under `{dataDir}/videos/ab/{sha256}.mp4`, content-addressed like pictures. An
 * upload streams to a temporary file (a clip never sits in memory), is hashed on the way, and is
 * kept only if it is an MP4 by its content: an ISO media file starts with a box whose type, at byte 4,
 * is `ftyp`. Whatever the name or Content-Type says does not count.
 */
export const isMp4Start = (head: Buffer) => head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp';

const refuse = (zh: string, en: string) =>
  new ApiError(Code.VALIDATION, { zh: `body: ${zh}`, en: `body: ${en}` }, { field: 'body', rule: 'invalid' });

export function createVideoFiles(dataDir: string) {
  const root = join(dataDir, 'videos');
  const pathOf = (sha256: string) => join(root, sha256.slice(0, 2), `${sha256}.mp4`);

  async function put(body: Readable, maxBytes: number): Promise<{ sha256: string; bytes: number }> {
    await mkdir(root, { recursive: true });
    const tmp = join(root, `upload-${randomBytes(8).toString('hex')}.tmp`);
    const hash = createHash('sha256');
    const out = createWriteStream(tmp);
    let bytes = 0;
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > maxBytes)
          throw refuse(
            `视频不能超过 ${Math.round(maxBytes / 1024 / 1024)} MB`,
            `the clip is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
          );
        if (head.length < 12) {
          head = Buffer.concat([head, chunk]).subarray(0, 12);
          if (head.length >= 12 && !isMp4Start(head))
            throw refuse('不是 MP4 视频文件', 'not an MP4 video (no ftyp box at its start)');
        }
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      if (!isMp4Start(head)) throw refuse('请上传 MP4 视频文件', 'send the MP4 clip as the body');
      const sha256 = hash.digest('hex');
      await mkdir(join(root, sha256.slice(0, 2)), { recursive: true });
      await rename(tmp, pathOf(sha256));
      return { sha256, bytes };
    } catch (err) {
      out.destroy();
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /** Removes a clip's file once no row names it (the same clip may be listed twice). */
  async function drop(sha256: string) {
    await rm(pathOf(sha256), { force: true });
  }

  return { pathOf, put, drop, size: async (sha256: string) => (await stat(pathOf(sha256))).size };
}
