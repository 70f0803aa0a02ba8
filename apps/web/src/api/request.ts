import { AUTH_HEADER, Code, type Envelope, isForcedLogoutCode } from '@farmpark/contracts';
import { ERROR_TOAST_S, RATE_LIMIT_TOAST_S, REQUEST_TIMEOUT_MS } from '../config/app';
import i18n from '../i18n';
import { getToken } from '../utils/auth';

/**
 * The ONE HTTP client (SPEC §7, §8). It owns the envelope and the error policy so pages never look at
 * `code`: a rejected promise means the user has already been told (unless the caller asked for `silent`).
 */

export type RequestErrorKind = 'api' | 'network' | 'timeout' | 'http';

export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    /** Envelope code for kind 'api', HTTP status for 'http', null otherwise. */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Query string parameters; null and undefined are left out. */
  params?: Params;
  /** POST body: form-encoded unless `json` is set (SPEC §7). */
  data?: unknown;
  json?: boolean;
  /** POST body sent as raw bytes with the blob's own type (e.g. a picture upload). */
  blob?: Blob;
  /** Do not toast errors: the caller shows them inline (forced logout and rate limit still apply). */
  silent?: boolean;
  timeoutMs?: number;
}

export interface RequestHooks {
  /** Shows an error toast for `seconds`. */
  toastError: (message: string, seconds: number) => void;
  /** A 9xx code: disconnect messaging and ask the user to sign in again. */
  onForcedLogout: (code: number, message: string) => void;
}

let hooks: RequestHooks = {
  toastError: (message) => console.error(message),
  onForcedLogout: (code, message) => console.error('forced logout', code, message),
};

/** The app wires antd message/modal in here once; tests wire spies. */
export function configureRequest(next: RequestHooks): void {
  hooks = next;
}

function buildUrl(url: string, params?: Params): string {
  const path = url.startsWith('/') ? url : `/${url}`;
  if (!params) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.append(k, String(v));
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

function formBody(data: unknown): URLSearchParams {
  const body = new URLSearchParams();
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      if (v === undefined) continue;
      body.append(k, v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));
    }
  }
  return body;
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

function fail(error: RequestError, silent: boolean | undefined, seconds = ERROR_TOAST_S): never {
  if (!silent) hooks.toastError(error.message, seconds);
  throw error;
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', params, data, json, blob, silent, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  // The server answers in the console's language, not the browser's.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
  const token = getToken();
  if (token) headers[AUTH_HEADER] = token;
  let body: string | Blob | undefined;
  if (method === 'POST') {
    if (blob) {
      headers['Content-Type'] = blob.type || 'application/octet-stream';
      body = blob;
    } else if (json) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(data ?? {});
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = formBody(data).toString();
    }
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(buildUrl(url, params), { method, headers, body, signal: controller.signal });
    const text = await response.text();
    try {
      payload = text ? JSON.parse(text) : undefined;
    } catch {
      payload = undefined;
    }
  } catch (err) {
    const timedOut = controller.signal.aborted;
    const message = timedOut
      ? i18n.t('request.timeout', { seconds: Math.round(timeoutMs / 1000) })
      : i18n.t('request.network', { reason: err instanceof Error ? err.message : String(err) });
    return fail(new RequestError(timedOut ? 'timeout' : 'network', message), silent);
  } finally {
    clearTimeout(timer);
  }

  if (!isEnvelope(payload)) {
    return fail(new RequestError('http', i18n.t('request.http', { status: response.status }), response.status), silent);
  }
  if (payload.code === Code.OK) return payload.data as T;

  const message = payload.msg || 'Error';
  const error = new RequestError('api', message, payload.code);
  if (payload.code === Code.RATE_LIMITED) {
    // SPEC §8 fixes this text and its 3 s duration, whatever the server wrote.
    hooks.toastError(i18n.t('request.rateLimited'), RATE_LIMIT_TOAST_S);
    throw error;
  }
  if (isForcedLogoutCode(payload.code)) {
    hooks.onForcedLogout(payload.code, message);
  }
  return fail(error, silent);
}

export const get = <T>(url: string, params?: Params, options?: Omit<RequestOptions, 'method' | 'params'>) =>
  request<T>(url, { ...options, method: 'GET', params });

export const post = <T>(url: string, data?: unknown, options?: Omit<RequestOptions, 'method' | 'data'>) =>
  request<T>(url, { ...options, method: 'POST', data });
