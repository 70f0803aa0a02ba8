import { AUTH_HEADER, Code, type Envelope, type ErrorDetail, isForcedLogoutCode } from '@farmpark/contracts';
import { ERROR_TOAST_S, RATE_LIMIT_TOAST_S, REQUEST_TIMEOUT_MS } from '../config/app';
import i18n from '../i18n';
import { getToken } from '../utils/auth';

/**
 * The ONE HTTP client (SPEC §7, §8). It owns the envelope and the error policy so pages never look at
 * `code`: a rejected promise means the user has already been told (unless the caller asked for `silent`).
 */

/** 'aborted': the caller cancelled (e.g. an export's cancel button); nothing is shown. */
export type RequestErrorKind = 'api' | 'network' | 'timeout' | 'http' | 'aborted';

export class RequestError extends Error {
  /** Whether the client has shown it (a toast); a silent call or a form's own field error has not. */
  told = false;
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    /** Envelope code for kind 'api', HTTP status for 'http', null otherwise. */
    readonly code: number | null = null,
    /** Kind 'api': which fields broke which rules (envelope `data`), for a form to show under its fields. */
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

type Params = Record<string, string | number | boolean | null | undefined>;

/** A page of a server list with its filters (SPEC §7 paging: pageNum from 1, pageSize). */
export type ListParams = Params & { pageNum: number; pageSize: number };
/** The two files every list export writes. */
export type ExportFormat = 'csv' | 'xlsx';

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

/** A path with its query (undefined and null left out): also the address of a download. */
export function buildUrl(url: string, params?: Params): string {
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

/**
 * Open forms that are sending: each takes the refusals that name its fields (and shows them under the
 * fields, utils/formRules.ts), so those are not toasted as well. Any other error is toasted as usual.
 */
const fieldErrorClaims = new Set<(error: RequestError) => boolean>();

/** While `claim` is registered, an api error it accepts is the form's to show; returns the release. */
export function claimFieldErrors(claim: (error: RequestError) => boolean): () => void {
  fieldErrorClaims.add(claim);
  return () => fieldErrorClaims.delete(claim);
}

const claimed = (error: RequestError) => error.kind === 'api' && [...fieldErrorClaims].some((claim) => claim(error));

function fail(error: RequestError, silent: boolean | undefined, seconds = ERROR_TOAST_S): never {
  if (!silent && !claimed(error)) {
    hooks.toastError(error.message, seconds);
    error.told = true;
  }
  throw error;
}

/** Accept-Language (the server answers in the console's language, not the browser's) and the session token. */
function baseHeaders(accept: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': i18n.language };
  const token = getToken();
  if (token) headers[AUTH_HEADER] = token;
  return headers;
}

interface Sent {
  response: Response;
  /** Ends the timeout: `request` after reading the body, `download` once the file starts to stream. */
  settle: () => void;
  timedOut: () => boolean;
}

/**
 * fetch with the timeout policy: the server must answer within `timeoutMs`. A caller's own signal (a
 * cancel button) aborts too; that is reported as kind 'aborted' and never toasted.
 */
async function send(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  silent: boolean | undefined,
  signal?: AbortSignal,
): Promise<Sent> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const settle = () => clearTimeout(timer);
  // Kept for the whole life of the response, so a cancel also stops a body still streaming.
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { response, settle, timedOut: () => controller.signal.aborted && !signal?.aborted };
  } catch {
    settle();
    if (signal?.aborted) throw new RequestError('aborted', i18n.t('common.cancel'));
    return failed(controller.signal.aborted, timeoutMs, silent);
  }
}

function failed(timedOut: boolean, timeoutMs: number, silent: boolean | undefined): never {
  // In words: the browser's own reason ("Failed to fetch") says nothing to an operator; devtools has it.
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const message = timedOut
    ? i18n.t('request.timeout', { seconds: Math.round(timeoutMs / 1000) })
    : i18n.t(offline ? 'request.offline' : 'request.network');
  return fail(new RequestError(timedOut ? 'timeout' : 'network', message), silent);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The envelope `data` of an error: `{field?, rule, params?}` items when the server named them. */
function detailsOf(data: unknown): ErrorDetail[] {
  if (!Array.isArray(data)) return [];
  return data.filter((d): d is ErrorDetail => typeof d === 'object' && d !== null && typeof d.rule === 'string');
}

/** The error policy of SPEC §8 for an answer that is not a success envelope; always throws. */
function rejectAnswer(payload: unknown, status: number, silent: boolean | undefined): never {
  if (!isEnvelope(payload)) {
    const words = status >= 500 ? i18n.t('request.server', { status }) : i18n.t('request.http', { status });
    return fail(new RequestError('http', words, status), silent);
  }
  const message = payload.msg || 'Error';
  const error = new RequestError('api', message, payload.code, detailsOf(payload.data));
  if (payload.code === Code.RATE_LIMITED) {
    // SPEC §8 fixes this text and its 3 s duration, whatever the server wrote.
    hooks.toastError(i18n.t('request.rateLimited'), RATE_LIMIT_TOAST_S);
    error.told = true;
    throw error;
  }
  if (isForcedLogoutCode(payload.code)) {
    hooks.onForcedLogout(payload.code, message);
  }
  return fail(error, silent);
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', params, data, json, blob, silent, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers = baseHeaders('application/json');
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
  const { response, settle, timedOut } = await send(
    buildUrl(url, params),
    { method, headers, body },
    timeoutMs,
    silent,
  );
  let payload: unknown;
  try {
    payload = await readJson(response);
  } catch {
    return failed(timedOut(), timeoutMs, silent);
  } finally {
    settle();
  }
  if (isEnvelope(payload) && payload.code === Code.OK) return payload.data as T;
  return rejectAnswer(payload, response.status, silent);
}

export const get = <T>(url: string, params?: Params, options?: Omit<RequestOptions, 'method' | 'params'>) =>
  request<T>(url, { ...options, method: 'GET', params });

export const post = <T>(url: string, data?: unknown, options?: Omit<RequestOptions, 'method' | 'data'>) =>
  request<T>(url, { ...options, method: 'POST', data });

export interface DownloadProgress {
  received: number;
  /** From Content-Length when the server sent one; streamed exports usually have none. */
  total: number | null;
}

export interface DownloadOptions {
  params?: Params;
  onProgress?: (p: DownloadProgress) => void;
  /** Cancels the download (RequestError of kind 'aborted', not toasted). */
  signal?: AbortSignal;
  silent?: boolean;
  /** How long the server may take to start answering; the file then streams for as long as it needs. */
  timeoutMs?: number;
}

/** The file name from Content-Disposition (RFC 5987 `filename*` first), else the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/**
 * Streams a file (an export) with the same token, timeout and error policy as `request`: when the
 * server answers with an envelope instead of a file (a bad filter, an expired session) the envelope
 * is handled exactly as for any call, forced logout included.
 */
export async function download(url: string, options: DownloadOptions = {}): Promise<{ blob: Blob; filename: string }> {
  const { params, onProgress, signal, silent, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const { response, settle } = await send(
    buildUrl(url, params),
    { headers: baseHeaders('*/*') },
    timeoutMs,
    silent,
    signal,
  );
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const payload = await readJson(response).catch(() => undefined);
    settle();
    return rejectAnswer(payload, response.status, silent);
  }
  // A file: it streams for as long as it needs; only the caller's cancel stops it now.
  settle();
  const lengthHeader = response.headers.get('content-length');
  const total = lengthHeader ? Number(lengthHeader) : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress?.({ received, total });
  const take = (part: Uint8Array) => {
    chunks.push(part);
    received += part.byteLength;
    onProgress?.({ received, total });
  };
  try {
    if (!response.body) take(new Uint8Array(await response.arrayBuffer()));
    else {
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) take(part.value);
    }
  } catch {
    if (signal?.aborted) throw new RequestError('aborted', i18n.t('common.cancel'));
    return failed(false, timeoutMs, silent);
  }
  const blob = new Blob(chunks as BlobPart[], { type });
  return { blob, filename: filenameOf(response.headers.get('content-disposition'), 'export') };
}
