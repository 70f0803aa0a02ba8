import { CAMERA_FAULT_TEXT, type CameraFault, Code, type LocalizedText, SERVER_FAULTS } from '@farmpark/contracts';
import { ApiError } from '../../http/apiError';
import { ProcessCapError, ProcessFailed } from './processes';
import { redact } from './redact';

/**
 * Why a camera failed, as a cause the console and the server put into words (contracts' CAMERA_FAULT_TEXT),
 * with the source's own words (ffmpeg's, EZVIZ's) kept apart for administrators, credentials removed.
 */
export class CameraFailure extends Error {
  constructor(
    readonly fault: CameraFault,
    /** The source's own words, already without credentials. */
    readonly detail = '',
    /** EZVIZ's code when EZVIZ refused (the `/ysyApi/lapp` family passes it on). */
    readonly ezvizCode?: string,
  ) {
    super(detail ? `${CAMERA_FAULT_TEXT[fault].en} (${detail})` : CAMERA_FAULT_TEXT[fault].en);
  }
}

/** A cause in the camera (not in its settings or the server): it counts against the camera. */
export const isCameraFault = (f: CameraFault) => !(SERVER_FAULTS as readonly CameraFault[]).includes(f);

/** What ffmpeg's last words say went wrong (English, as ffmpeg and the C library write them). */
export function faultOfWords(words: string): CameraFault | null {
  if (/\b401\b|Unauthorized|authorization failed|\b403\b|Forbidden|access denied/i.test(words)) return 'auth';
  if (/\b404\b|Not Found/i.test(words)) return 'not-found';
  if (/Connection refused/i.test(words)) return 'refused';
  if (
    /timed out|Failed to resolve|Name or service not known|name resolution|No route to host|Network is unreachable|Host is unreachable/i.test(
      words,
    )
  )
    return 'unreachable';
  if (/Invalid data found|does not contain any stream|matches no streams|no video/i.test(words)) return 'not-video';
  return null;
}

/** EZVIZ's codes (open.ys7.com's documentation) as causes. */
export function faultOfEzviz(code: string): CameraFault {
  if (code === 'not-configured') return 'ezviz-no-key';
  if (['10005', '10017', '10030'].includes(code)) return 'ezviz-bad-key';
  if (['20002', '20014', '20018'].includes(code)) return 'ezviz-unknown-serial';
  if (code === '20007' || code === '20008') return 'offline';
  return 'ezviz-error';
}

/**
 * Any error of a camera's work as a CameraFailure: the cap, a process that failed (its words read, then
 * redacted of the source's credentials), anything else as the camera being offline.
 */
export function asFailure(err: unknown, urls: readonly (string | null | undefined)[] = []): CameraFailure {
  if (err instanceof CameraFailure) return err;
  if (err instanceof ProcessCapError) return new CameraFailure(err.fault);
  const words = err instanceof ProcessFailed ? err.words : (err as Error).message;
  const lastLines = words.split('\n').slice(-3).join(' ').trim();
  const timedOut = err instanceof ProcessFailed && err.timedOut;
  const fault = faultOfWords(words) ?? (timedOut ? 'unreachable' : 'offline');
  return new CameraFailure(fault, redact(lastLines || (err as Error).message, urls));
}

export const faultText = (fault: CameraFault): LocalizedText => CAMERA_FAULT_TEXT[fault];

/**
 * The failure as a business error (1003) in the caller's language, under `field` when the form has one
 * for it; `prefix` says what failed ("snapshot failed: ...").
 */
export function failureError(f: CameraFailure, opts: { field?: string; prefix?: LocalizedText } = {}): ApiError {
  const words = CAMERA_FAULT_TEXT[f.fault];
  const text = opts.prefix ? { zh: `${opts.prefix.zh}：${words.zh}`, en: `${opts.prefix.en}: ${words.en}` } : words;
  return new ApiError(Code.DEVICE_OPERATION_FAILED, text, {
    ...(opts.field ? { field: opts.field } : {}),
    rule: 'invalid',
    params: { fault: f.fault },
  });
}
