import { Code } from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { ApiError, notFound } from './apiError';

/** The picture formats we keep and serve; anything else (SVG, GIF, TIFF, HEIF, HTML...) is refused. */
const MIME_OF_FORMAT = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export type PictureMime = (typeof MIME_OF_FORMAT)[keyof typeof MIME_OF_FORMAT];
export const PICTURE_MIMES = Object.values(MIME_OF_FORMAT) as PictureMime[];

export interface PictureLimits {
  maxBytes: number;
  /** Widest and tallest side, in pixels. */
  maxSide: number;
  /** width x height: what a full decode costs in memory (about 4 bytes a pixel). */
  maxPixels: number;
}

/** A 40-megapixel camera frame fits; a 20000 x 20000 "bomb" (1.6 GB once decoded) does not. */
export const PICTURE_LIMITS: PictureLimits = { maxBytes: 10 * 1024 * 1024, maxSide: 10_000, maxPixels: 40_000_000 };

export interface CheckedPicture {
  mime: PictureMime;
  width: number;
  height: number;
  bytes: number;
}

function sizeText(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
  return n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`;
}
const refuse = (zh: string, en: string) => new ApiError(Code.VALIDATION, { zh: `body: ${zh}`, en: `body: ${en}` });

/**
 * Decodes a picture before anything keeps it: what its first bytes say it is (never the name or the
 * Content-Type), its size from the header checked against the limits BEFORE the pixels are decoded
 * (a small file can expand to gigabytes), then one full decode so that a truncated or corrupt file
 * is refused now rather than breaking every page that later shows it.
 */
export async function checkPicture(body: unknown, limits: PictureLimits = PICTURE_LIMITS): Promise<CheckedPicture> {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw refuse('请上传图片文件（JPEG、PNG 或 WebP）', 'send the picture bytes (JPEG, PNG or WebP)');
  if (body.length > limits.maxBytes)
    throw refuse(
      `图片不能超过 ${sizeText(limits.maxBytes)}`,
      `the picture is larger than ${sizeText(limits.maxBytes)}`,
    );
  let meta: Metadata;
  try {
    // Reads the header only, so it has no pixel limit: the sizes are checked below, with a clear message.
    meta = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('不是可识别的 JPEG、PNG 或 WebP 图片', 'not a readable JPEG, PNG or WebP picture');
  }
  const mime = MIME_OF_FORMAT[meta.format as keyof typeof MIME_OF_FORMAT];
  if (!mime)
    throw refuse(
      `不接受 ${meta.format} 格式，请用 JPEG、PNG 或 WebP`,
      `${meta.format} is not accepted; send JPEG, PNG or WebP`,
    );
  const { width = 0, height = 0 } = meta;
  if (width > limits.maxSide || height > limits.maxSide)
    throw refuse(
      `图片 ${width}x${height} 像素，宽和高都不能超过 ${limits.maxSide}`,
      `the picture is ${width}x${height} pixels; neither side may pass ${limits.maxSide}`,
    );
  if (width * height > limits.maxPixels)
    throw refuse(
      `图片 ${width}x${height} 像素，总像素不能超过 ${limits.maxPixels / 1_000_000} 百万`,
      `the picture is ${width}x${height} pixels; at most ${limits.maxPixels / 1_000_000} megapixels are accepted`,
    );
  try {
    // limitInputPixels makes libvips itself refuse to decode past the limit, should the header lie.
    await sharp(body, { limitInputPixels: limits.maxPixels, failOn: 'truncated' }).stats();
  } catch {
    throw refuse('图片文件不完整或已损坏', 'the picture is truncated or corrupt');
  }
  return { mime, width, height, bytes: body.length };
}

/**
 * Lets a route plugin receive picture bodies as raw bytes (in its own plugin scope, so the limit and
 * the parsers apply to its routes only). What the bytes really are is checkPicture's business.
 */
export function acceptPictureBodies(app: FastifyInstance, maxBytes: number): void {
  for (const type of [...PICTURE_MIMES, 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) => done(null, body));
  }
}

/**
 * Sends picture bytes as exactly the type they were checked to be (browsers must not guess another);
 * private to the session, so no shared cache may keep it.
 */
export function sendPicture(reply: FastifyReply, buf: Buffer, mime: string) {
  return reply
    .header('content-type', mime)
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(buf);
}

/**
 * Reads a stored picture for a view; a file gone from disk (restored backup, manual clean-up) or one
 * that no longer decodes answers "not found" in the envelope, never an error page.
 */
export async function readPicture(what: string, read: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await read();
  } catch {
    throw notFound(what);
  }
}
