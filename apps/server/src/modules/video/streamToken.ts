import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed, short-lived tokens in stream URLs. hls.js fetches playlists and segments itself, without the
 * AuthToken header, so the play route (which checks the caller's parks) signs what it opens for a few
 * minutes and the file route checks only that signature. A token names the camera, its purpose and its
 * expiry, and opens nothing else (issue 25): a live token the live playlist and the segments of the last
 * minute, a playback token the VOD playlist of its range and that range's segments. The key lives in this
 * process: the files it guards are written by this process's ffmpeg.
 */
const KEY = randomBytes(32);
export const STREAM_TOKEN_MS = 10 * 60_000;

export type StreamGrant = { purpose: 'live' } | { purpose: 'playback'; from: number; to: number };

/** The grant as signed text: `l.<exp>` or `p.<from>.<to>.<exp>`, numbers in base 36. */
function payload(grant: StreamGrant, exp: number): string {
  const e = exp.toString(36);
  return grant.purpose === 'live' ? `l.${e}` : `p.${grant.from.toString(36)}.${grant.to.toString(36)}.${e}`;
}

function sign(cameraId: number, text: string): string {
  return createHmac('sha256', KEY).update(`${cameraId}.${text}`).digest('base64url');
}

export function streamToken(cameraId: number, grant: StreamGrant, now = Date.now()) {
  const exp = now + STREAM_TOKEN_MS;
  const text = payload(grant, exp);
  return { token: `${text}.${sign(cameraId, text)}`, expiresAt: exp };
}

/** What `token` opens of this camera: its grant when it was signed here for it and has not expired. */
export function readStreamToken(cameraId: number, token: string | undefined): StreamGrant | null {
  const parts = (token ?? '').split('.');
  const sig = parts.pop() ?? '';
  const text = parts.join('.');
  const want = Buffer.from(sign(cameraId, text));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const n = parts.slice(1).map((p) => Number.parseInt(p, 36));
  const exp = n[n.length - 1] as number;
  if (!Number.isFinite(exp) || exp < Date.now()) return null;
  if (parts[0] === 'l' && n.length === 1) return { purpose: 'live' };
  if (parts[0] === 'p' && n.length === 3) return { purpose: 'playback', from: n[0] as number, to: n[1] as number };
  return null;
}

/** The live playlist's signed address (play, and the EZVIZ family's HLS address). */
export function liveAddress(cameraId: number): { url: string; expiresAt: number } {
  const { token, expiresAt } = streamToken(cameraId, { purpose: 'live' });
  return { url: `/api/video/stream/${cameraId}/index.m3u8?t=${token}`, expiresAt };
}
