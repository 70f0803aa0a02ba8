import type { Db } from '../../db/connect';
import { ezvizKeyRow, saveEzvizToken } from './repo';

/**
 * The server's EZVIZ open-API client: the merchant's key and the access token live in `video_ezviz_keys`
 * and never leave the server. The token is cached until shortly before `expireTime` and renewed once when
 * EZVIZ answers 10002 (expired or revoked before its time). Success is `code` "200" only.
 */
export class EzvizError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface EzvizDeps {
  db: Db;
  /** No trailing slash; the real service is https://open.ys7.com. */
  baseUrl: string;
}

/** Renew this long before the stated expiry, so a call never travels with a token that dies on the way. */
const EARLY_MS = 60_000;
const renewing = new Map<string, Promise<string>>();

async function post(
  baseUrl: string,
  path: string,
  form: Record<string, string>,
): Promise<{ code: string; msg: string; data: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new EzvizError(String(res.status), `EZVIZ answered HTTP ${res.status}`);
  const body = (await res.json()) as { code?: unknown; msg?: unknown; data?: unknown };
  return { code: String(body.code ?? ''), msg: String(body.msg ?? ''), data: body.data ?? null };
}

async function fetchToken(deps: EzvizDeps, merchantId: number): Promise<string> {
  const keys = await ezvizKeyRow(deps.db, merchantId);
  if (!keys?.app_key || !keys.secret)
    throw new EzvizError('not-configured', 'the EZVIZ key of this merchant is not set');
  const r = await post(deps.baseUrl, '/api/lapp/token/get', { appKey: keys.app_key, appSecret: keys.secret });
  if (r.code !== '200') throw new EzvizError(r.code, r.msg || 'EZVIZ refused the key');
  const data = r.data as { accessToken?: unknown; expireTime?: unknown };
  const token = String(data.accessToken ?? '');
  const expires = Number(data.expireTime ?? 0);
  await saveEzvizToken(deps.db, merchantId, token, expires);
  return token;
}

/** One renewal at a time per merchant: parallel calls share it. */
function renewToken(deps: EzvizDeps, merchantId: number): Promise<string> {
  const k = `${deps.baseUrl} ${merchantId}`;
  let p = renewing.get(k);
  if (!p) {
    p = fetchToken(deps, merchantId).finally(() => renewing.delete(k));
    renewing.set(k, p);
  }
  return p;
}

async function currentToken(deps: EzvizDeps, merchantId: number): Promise<string> {
  const row = await ezvizKeyRow(deps.db, merchantId);
  if (row?.access_token && Number(row.token_expires_at ?? 0) > Date.now() + EARLY_MS) return row.access_token;
  return renewToken(deps, merchantId);
}

/** Calls an EZVIZ API with the merchant's token; the `data` of a "200" answer, else an EzvizError. */
export async function callEzviz<T>(
  deps: EzvizDeps,
  merchantId: number,
  path: string,
  form: Record<string, string>,
): Promise<T> {
  let token = await currentToken(deps, merchantId);
  let r = await post(deps.baseUrl, path, { ...form, accessToken: token });
  if (r.code === '10002') {
    token = await renewToken(deps, merchantId);
    r = await post(deps.baseUrl, path, { ...form, accessToken: token });
  }
  if (r.code !== '200') throw new EzvizError(r.code, r.msg || `EZVIZ answered ${r.code}`);
  return r.data as T;
}

/** EZVIZ's PTZ direction numbers. */
export const EZVIZ_DIRECTION = { up: 0, down: 1, left: 2, right: 3, zoomIn: 8, zoomOut: 9 } as const;

export interface EzvizTarget {
  merchantId: number;
  serial: string;
  channelNo: number;
}

const target = (t: EzvizTarget) => ({ deviceSerial: t.serial, channelNo: String(t.channelNo) });

/** The camera's HLS (protocol 2) or FLV (4) live address. */
export function ezvizLiveAddress(deps: EzvizDeps, t: EzvizTarget, protocol: 'hls' | 'flv') {
  return callEzviz<{ url: string; expireTime: number }>(deps, t.merchantId, '/api/lapp/v2/live/address/get', {
    ...target(t),
    protocol: protocol === 'hls' ? '2' : '4',
  });
}

export function ezvizPtz(
  deps: EzvizDeps,
  t: EzvizTarget,
  action: 'start' | 'stop',
  direction: keyof typeof EZVIZ_DIRECTION | undefined,
  speed: number,
) {
  const form: Record<string, string> = { ...target(t) };
  if (direction !== undefined) form.direction = String(EZVIZ_DIRECTION[direction]);
  if (action === 'start') form.speed = String(speed);
  return callEzviz<null>(deps, t.merchantId, `/api/lapp/device/ptz/${action}`, form);
}

/**
 * PTZ presets: `add` keeps where the camera points now under a number EZVIZ answers; `move` turns the camera
 * to a kept number; `clear` forgets it.
 */
export async function ezvizPresetAdd(deps: EzvizDeps, t: EzvizTarget): Promise<number> {
  const r = await callEzviz<{ index: number }>(deps, t.merchantId, '/api/lapp/device/preset/add', target(t));
  return Number(r.index);
}
export function ezvizPresetCall(deps: EzvizDeps, t: EzvizTarget, action: 'move' | 'clear', index: number) {
  return callEzviz<null>(deps, t.merchantId, `/api/lapp/device/preset/${action}`, {
    ...target(t),
    index: String(index),
  });
}

/** One picture now: EZVIZ stores it and answers its URL, which the server fetches. */
export async function ezvizCapture(deps: EzvizDeps, t: EzvizTarget): Promise<Buffer> {
  const { picUrl } = await callEzviz<{ picUrl: string }>(deps, t.merchantId, '/api/lapp/device/capture', target(t));
  const res = await fetch(picUrl, { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new EzvizError(String(res.status), `EZVIZ picture answered HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
