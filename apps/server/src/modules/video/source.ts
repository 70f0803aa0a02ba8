import { type StreamProtocol, streamProtocolOf } from '@farmpark/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { type EzvizDeps, EzvizError, type EzvizTarget, ezvizLiveAddress } from './ezvizClient';
import { CameraFailure, faultOfEzviz } from './faults';
import { rtspTimeoutFlag } from './ffmpeg';
import { redact } from './redact';
import type { CameraRow } from './repo';
import { checkSource } from './sourceGuard';

/** The real EZVIZ open API when no other is configured. */
export const EZVIZ_DEFAULT_URL = 'https://open.ys7.com';

export function ezvizDeps(deps: { db: Db; config: Config }): EzvizDeps {
  return { db: deps.db, baseUrl: deps.config.video.ezvizBaseUrl || EZVIZ_DEFAULT_URL };
}

export const ezvizTarget = (cam: Pick<CameraRow, 'merchant_id' | 'ezviz_serial' | 'ezviz_channel'>): EzvizTarget => ({
  merchantId: cam.merchant_id,
  serial: cam.ezviz_serial ?? '',
  channelNo: cam.ezviz_channel ?? 1,
});

/** Where ffmpeg reads a camera from. */
export interface CameraSource {
  url: string;
  protocol: StreamProtocol;
  /** RTSP's socket timeout option for the ffmpeg in use (ffmpeg.ts `rtspTimeoutFlag`); `-timeout` if unset. */
  rtspTimeout?: '-timeout' | '-stimeout';
}

/** An EZVIZ call's failure as a cause; the network's own failure (EZVIZ unreachable) is EZVIZ's error. */
export function ezvizFailure(err: unknown): CameraFailure {
  if (err instanceof EzvizError)
    return new CameraFailure(faultOfEzviz(err.code), `EZVIZ ${err.code}: ${err.message}`, err.code);
  return new CameraFailure('ezviz-error', redact((err as Error).message));
}

/**
 * A stream URL as a source, or why not: refused when it points at this server, loopback or link-local
 * (sourceGuard.ts, unless VIDEO_ALLOW_LOCAL_SOURCES), before anything connects to it.
 */
export async function streamSource(config: Config, url: string | null): Promise<CameraSource> {
  const protocol = streamProtocolOf(url ?? '');
  if (!url || !protocol) throw new CameraFailure('not-configured');
  if (!config.video.allowLocalSources) {
    const verdict = await checkSource(url);
    if (verdict === 'local') throw new CameraFailure('local-source');
    if (verdict === 'unresolved') throw new CameraFailure('unreachable', 'the host name has no address');
  }
  return { url, protocol, rtspTimeout: rtspTimeoutFlag(config.video.ffmpeg) };
}

/** EZVIZ's answer to a protocol it does not serve for a device. */
const EZVIZ_NO_PROTOCOL = '60061';

/**
 * The camera's source now (an EZVIZ camera's live address is asked at each play), or a CameraFailure.
 * `ezviz: 'flv'` (the low-latency live path) asks EZVIZ for HTTP-FLV, which arrives as it is made (HLS
 * comes a segment late), and takes HLS when EZVIZ does not serve FLV for the device.
 */
export async function cameraSource(
  deps: { db: Db; config: Config },
  cam: CameraRow,
  ezviz: 'hls' | 'flv' = 'hls',
): Promise<CameraSource> {
  if (!cam.kind) throw new CameraFailure('not-configured');
  if (cam.enabled === 0) throw new CameraFailure('disabled');
  if (cam.kind === 'stream') return streamSource(deps.config, cam.stream_url);
  try {
    const live = await ezvizLiveAddress(ezvizDeps(deps), ezvizTarget(cam), ezviz);
    return { url: live.url, protocol: ezviz };
  } catch (err) {
    if (ezviz === 'flv' && err instanceof EzvizError && err.code === EZVIZ_NO_PROTOCOL)
      return cameraSource(deps, cam, 'hls');
    throw ezvizFailure(err);
  }
}

/**
 * ffmpeg input options for a source: TCP for RTSP, and a read timeout so a dead camera ends the process.
 * `analyzeUs`: how much of the stream is read before the output starts (the low-latency path reads 0.1 s:
 * RTSP's SDP and FLV's sequence header carry H.264's parameters; measured 0.75 s to the init segment
 * against 1.3 s with half a second).
 */
export function inputArgs(src: CameraSource, timeoutS = 10, analyzeUs = 500_000): string[] {
  // Half a second of probing finds H.264's parameters; ffmpeg's default 5 s would delay the first picture.
  const probe = ['-analyzeduration', String(analyzeUs), '-probesize', '500000'];
  const us = String(timeoutS * 1_000_000);
  if (src.protocol === 'rtsp')
    return [...probe, '-rtsp_transport', 'tcp', src.rtspTimeout ?? '-timeout', us, '-i', src.url];
  return [...probe, '-rw_timeout', us, '-i', src.url];
}
