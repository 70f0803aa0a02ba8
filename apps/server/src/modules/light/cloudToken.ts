import { Code, type LightAccessTokenStatus } from '@farmpark/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import type { AuthContext } from '../auth/sessions';
import { writeLog } from '../systemLog/service';
import * as repo from './repo';

/** The vendor must answer within this; the console's own request times out at 15 s (SPEC §9). */
const VENDOR_TIMEOUT_MS = 8_000;

type Cloud = Config['lightCloud'];

/** SPEC §7 `light/getAccessToken`: whether the merchant holds a valid lamp cloud token, never the token. */
export async function accessTokenStatus(
  db: Db,
  cloud: Cloud,
  merchantId: number,
  now = Date.now(),
): Promise<LightAccessTokenStatus> {
  if (!cloud.url) return { required: false, valid: false, expiresAt: null, refreshedAt: null };
  const row = await repo.cloudToken(db, merchantId);
  if (!row) return { required: true, valid: false, expiresAt: null, refreshedAt: null };
  const expiresAt = Number(row.expires_at);
  return { required: true, valid: expiresAt > now, expiresAt, refreshedAt: Number(row.refreshed_at) };
}

async function fetchVendorToken(cloud: Cloud, merchantId: number): Promise<{ token: string; expiresInS: number }> {
  const failed = (why: string) =>
    new ApiError(Code.DEVICE_OPERATION_FAILED, `lamp cloud ${cloud.url}: ${why}; try again later`);
  let res: Response;
  try {
    res = await fetch(`${cloud.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: cloud.key, account: String(merchantId) }),
      signal: AbortSignal.timeout(VENDOR_TIMEOUT_MS),
    });
  } catch {
    throw failed('did not answer');
  }
  const body = (await res.json().catch(() => null)) as { accessToken?: unknown; expiresIn?: unknown } | null;
  if (!res.ok || typeof body?.accessToken !== 'string' || typeof body.expiresIn !== 'number' || body.expiresIn <= 0) {
    throw failed(`refused the key (HTTP ${res.status})`);
  }
  return { token: body.accessToken, expiresInS: body.expiresIn };
}

/**
 * SPEC §7 `light/refreshAccessToken`: asks the vendor for a new token with the configured key and keeps
 * it for the merchant; each attempt is in the system log. Without a vendor cloud there is nothing to renew.
 */
export async function refreshAccessToken(
  db: Db,
  cloud: Cloud,
  auth: AuthContext & { ip?: string },
): Promise<LightAccessTokenStatus> {
  if (!cloud.url) return accessTokenStatus(db, cloud, auth.merchantId);
  const log = (code: number, detail: string) =>
    writeLog(db, {
      merchantId: auth.merchantId,
      userId: auth.userId,
      loginName: auth.loginName,
      ip: auth.ip ?? '',
      action: 'light.token',
      detail,
      code,
    });
  let fetched: { token: string; expiresInS: number };
  try {
    fetched = await fetchVendorToken(cloud, auth.merchantId);
  } catch (err) {
    await log(Code.DEVICE_OPERATION_FAILED, err instanceof Error ? err.message : String(err));
    throw err;
  }
  const now = Date.now();
  const expiresAt = now + fetched.expiresInS * 1000;
  await repo.saveCloudToken(db, {
    merchant_id: auth.merchantId,
    access_token: fetched.token,
    expires_at: expiresAt,
    refreshed_at: now,
  });
  await log(Code.OK, `valid until ${new Date(expiresAt).toISOString()}`);
  return { required: true, valid: true, expiresAt, refreshedAt: now };
}
