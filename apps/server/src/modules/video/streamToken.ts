import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed, short-lived tokens in stream URLs. hls.js fetches playlists and segments itself, without the
 * AuthToken header, so the play route (which checks the caller's parks) signs `/api/video/stream/<camera>/`
 * for a few minutes, and the file route checks only that signature. The key lives in this process: the
 * files it guards are written by this process's ffmpeg.
 */
const KEY = randomBytes(32);
export const STREAM_TOKEN_MS = 10 * 60_000;

function sign(cameraId: number, exp: number): string {
  return createHmac('sha256', KEY).update(`${cameraId}.${exp}`).digest('base64url');
}

export function streamToken(cameraId: number, now = Date.now()): { token: string; expiresAt: number } {
  const exp = now + STREAM_TOKEN_MS;
  return { token: `${exp.toString(36)}.${sign(cameraId, exp)}`, expiresAt: exp };
}

/** True when `token` was signed here for this camera and has not expired. */
export function streamTokenValid(cameraId: number, token: string | undefined): boolean {
  const [expText, sig] = (token ?? '').split('.');
  const exp = Number.parseInt(expText ?? '', 36);
  if (!sig || !Number.isFinite(exp) || exp < Date.now()) return false;
  const want = Buffer.from(sign(cameraId, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
