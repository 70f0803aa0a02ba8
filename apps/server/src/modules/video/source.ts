import { streamProtocolOf } from '@farmpark/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { type EzvizDeps, EzvizError, ezvizLiveAddress } from './ezvizClient';
import type { CameraRow } from './repo';

/** The real EZVIZ open API when no other is configured. */
export const EZVIZ_DEFAULT_URL = 'https://open.ys7.com';

export function ezvizDeps(deps: { db: Db; config: Config }): EzvizDeps {
  return { db: deps.db, baseUrl: deps.config.video.ezvizBaseUrl || EZVIZ_DEFAULT_URL };
}

/** Where ffmpeg reads a camera from, or why it cannot. */
export type CameraSource =
  | { ok: true; url: string; protocol: 'rtsp' | 'hls' | 'flv' }
  | { ok: false; reason: 'disabled' | 'offline' | 'not-configured' | 'ezviz-error'; message: string };

export async function cameraSource(deps: { db: Db; config: Config }, cam: CameraRow): Promise<CameraSource> {
  if (!cam.kind) return { ok: false, reason: 'not-configured', message: 'camera not set up for video' };
  if (cam.enabled === 0) return { ok: false, reason: 'disabled', message: 'camera disabled' };
  if (cam.kind === 'stream') {
    const protocol = streamProtocolOf(cam.stream_url ?? '');
    if (!protocol) return { ok: false, reason: 'not-configured', message: 'no stream URL' };
    return { ok: true, url: cam.stream_url as string, protocol };
  }
  try {
    const live = await ezvizLiveAddress(
      ezvizDeps(deps),
      { merchantId: cam.merchant_id, serial: cam.ezviz_serial ?? '', channelNo: cam.ezviz_channel ?? 1 },
      'hls',
    );
    return { ok: true, url: live.url, protocol: 'hls' };
  } catch (err) {
    if (err instanceof EzvizError) {
      // 20007 device offline, 20002 unknown device: the camera cannot be watched now.
      const offline = err.code === '20007' || err.code === '20002';
      return { ok: false, reason: offline ? 'offline' : 'ezviz-error', message: `EZVIZ ${err.code}: ${err.message}` };
    }
    return { ok: false, reason: 'ezviz-error', message: (err as Error).message };
  }
}

/** ffmpeg input options for a source: TCP for RTSP, and a read timeout so a dead camera ends the process. */
export function inputArgs(src: { url: string; protocol: 'rtsp' | 'hls' | 'flv' }): string[] {
  // Half a second of probing finds H.264's parameters; ffmpeg's default 5 s would delay the first picture.
  const probe = ['-analyzeduration', '500000', '-probesize', '500000'];
  if (src.protocol === 'rtsp') return [...probe, '-rtsp_transport', 'tcp', '-timeout', '10000000', '-i', src.url];
  return [...probe, '-rw_timeout', '10000000', '-i', src.url];
}

/** The stream URL as the console may see it: user, password and query replaced by `***`. */
export function maskStreamUrl(url: string | null): { url: string | null; credentials: boolean } {
  if (!url) return { url: null, credentials: false };
  try {
    const u = new URL(url);
    const credentials = u.username !== '' || u.password !== '' || u.search !== '';
    const auth = u.username !== '' || u.password !== '' ? '***@' : '';
    return { url: `${u.protocol}//${auth}${u.host}${u.pathname}${u.search ? '?***' : ''}`, credentials };
  } catch {
    return { url: '***', credentials: true };
  }
}

/**
 * ffmpeg names its input in errors ("rtsp://admin:pass@host/...: Connection refused"): a message bound for a
 * browser has every URL's user, password and query replaced by `***`.
 */
export function scrubUrls(message: string): string {
  return message
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@'"]+@/gi, '$1***@')
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s?'"]+)\?[^\s'"]*/gi, '$1?***');
}
