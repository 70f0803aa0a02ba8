import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@farmpark/contracts';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../../http/apiError';
import { asFailure, failureError } from './faults';
import type { Piece } from './recordings';
import type { Video } from './runtime';

const CLIP_MS = 120_000;

/** Where a piece's file is: the recorder's folder or the live stream's. */
export function pieceFile(video: Video, cameraId: number, p: Piece): string {
  return join(p.recorder ? video.recorder.dirOf(cameraId) : video.streams.dirOf(cameraId), p.file);
}

/**
 * The range as one MP4 file (issue 25, point 2): the pieces joined by ffmpeg's concat demuxer without
 * encoding (`-c copy`), from the key frame at or before `from`, `+faststart` so it plays while it downloads.
 * One process of the owner (purpose `clip`, the merchant's share); the temp folder goes when it is sent.
 */
export async function sendClip(
  video: Video,
  cam: { id: number; merchant_id: number; name: string },
  pieces: Piece[],
  range: { from: number; to: number },
  reply: FastifyReply,
) {
  if (pieces.length === 0)
    throw new ApiError(Code.NOT_FOUND, { zh: '这段时间没有录像', en: 'Nothing was recorded in this range' });
  const dir = await mkdtemp(join(tmpdir(), 'farmpark-clip-'));
  const list = join(dir, 'list.txt');
  const out = join(dir, 'clip.mp4');
  await writeFile(list, pieces.map((p) => `file '${pieceFile(video, cam.id, p).replace(/'/g, "'\\''")}'`).join('\n'));
  const first = pieces[0] as Piece;
  const offset = Math.max(0, range.from - first.start) / 1000;
  const seconds = (range.to - Math.max(range.from, first.start)) / 1000;
  // biome-ignore format: one option per line reads better
  const args = [
    '-f', 'concat', '-safe', '0', '-ss', offset.toFixed(3), '-i', list, '-t', seconds.toFixed(3),
    '-map', '0:v:0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', '-y', out,
  ];
  try {
    await video.owner.run({ merchantId: cam.merchant_id, purpose: 'clip', args }, CLIP_MS);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw failureError(asFailure(err), { prefix: { zh: '导出片段失败', en: 'Clip export failed' } });
  }
  const stamp = new Date(range.from).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const stream = createReadStream(out);
  stream.on('close', () => void rm(dir, { recursive: true, force: true }));
  return reply
    .header('content-type', 'video/mp4')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="camera-${cam.id}-${stamp}.mp4"`)
    .send(stream);
}
