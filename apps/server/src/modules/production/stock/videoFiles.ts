import type { Readable } from 'node:stream';
import { Code } from '@farmpark/contracts';
import { contentStore } from '../../../files/contentStore';
import type { FileOwner } from '../../../files/ledger';
import { ApiError } from '../../../http/apiError';

/**
 * Traceability clips under `{dataDir}/videos/ab/{sha256}.mp4`, content-addressed like pictures. An
 * upload streams to a temporary file (a clip never sits in memory), is hashed on the way, and is
 * kept only if it is an MP4 by its content (`mp4Kind`). Whatever the name or Content-Type says does
 * not count.
 */

/**
 * Brands of the ISO base media family that browsers play as `video/mp4`. QuickTime's `qt  ` is the
 * same box layout but not MP4: a .mov from a phone often holds codecs no browser plays, so it is
 * refused with its own message instead of being kept and failing in the player.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
]);
/** Bytes read before deciding: an `ftyp` box is a header, major brand, version and a few compatible brands. */
const HEAD_BYTES = 64;

/**
 * What the first bytes say: `more` until the ftyp box is read (or HEAD_BYTES are), then `mp4` when the
 * major or a compatible brand is an MP4 brand, `quicktime` for a `qt  ` file, else `other`.
 */
export function mp4Kind(head: Buffer, ended = false): 'mp4' | 'quicktime' | 'other' | 'more' {
  if (head.length < 12) return ended ? 'other' : 'more';
  if (head.toString('latin1', 4, 8) !== 'ftyp') return 'other';
  const boxSize = head.readUInt32BE(0);
  const end = Math.min(boxSize, HEAD_BYTES);
  if (boxSize < 16) return 'other';
  if (head.length < end && !ended) return 'more';
  const major = head.toString('latin1', 8, 12);
  if (major === 'qt  ') return 'quicktime';
  const brands = [major];
  for (let at = 16; at + 4 <= Math.min(end, head.length); at += 4) brands.push(head.toString('latin1', at, at + 4));
  return brands.some((b) => MP4_BRANDS.has(b)) ? 'mp4' : 'other';
}

const refuse = (zh: string, en: string) =>
  new ApiError(Code.VALIDATION, { zh: `body: ${zh}`, en: `body: ${en}` }, { field: 'body', rule: 'invalid' });

const emptyBody = () => refuse('请上传 MP4 视频文件', 'send the MP4 clip as the body');

/** The refusal for a clip whose content is not MP4, in words that say what to do. */
function notMp4(kind: 'quicktime' | 'other') {
  return kind === 'quicktime'
    ? refuse(
        '这是 QuickTime（.mov）视频，不是 MP4：请先转换为 MP4（H.264）再上传',
        'this is a QuickTime (.mov) video, not MP4: convert it to MP4 (H.264) and upload again',
      )
    : refuse('不是 MP4 视频文件', 'not an MP4 video (no MP4 ftyp box at its start)');
}

/** Clips in the one file store, under `{dataDir}/videos/ab/{sha256}.mp4`, checked as MP4 while they stream in. */
export function createVideoFiles(dataDir: string) {
  const files = contentStore(dataDir, 'videos');

  function put(body: Readable, maxBytes: number, owner: FileOwner): Promise<{ sha256: string; bytes: number }> {
    let head = Buffer.alloc(0);
    let kind: ReturnType<typeof mp4Kind> = 'more';
    return files.putStream(
      body,
      'mp4',
      {
        chunk(chunk, bytes) {
          if (bytes > maxBytes)
            throw refuse(
              `视频不能超过 ${Math.round(maxBytes / 1024 / 1024)} MB`,
              `the clip is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
            );
          if (kind !== 'more') return;
          head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
          kind = mp4Kind(head);
          if (kind === 'quicktime' || kind === 'other') throw notMp4(kind);
        },
        end(bytes) {
          if (kind === 'more') kind = mp4Kind(head, true);
          if (kind !== 'mp4') throw bytes === 0 ? emptyBody() : notMp4(kind === 'quicktime' ? 'quicktime' : 'other');
        },
      },
      owner,
    );
  }

  return {
    pathOf: (sha256: string) => files.pathOf(sha256, 'mp4'),
    put,
    size: (sha256: string) => files.size(sha256, 'mp4'),
  };
}
