import { Code, isLocalAddress, type PublicBaseView } from '@farmpark/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/connect';
import { ApiError } from '../../../http/apiError';
import type { AuthContext } from '../../auth/sessions';
import { findSettings, savePublicBase } from '../codes/repo';
import { codeSettings } from '../codes/service';

type BaseConfig = Pick<Config, 'publicBaseUrl'>;

/**
 * The origin consumers reach the public pages on, printed in every label's QR code: the administrator's
 * setting, else PUBLIC_BASE_URL, else the protocol and host the console's request came in on (Fastify
 * honours TRUST_PROXY for both).
 */
export async function publicBaseView(
  db: Db,
  merchantId: number,
  req: FastifyRequest,
  config: BaseConfig,
): Promise<PublicBaseView> {
  const url = (await findSettings(db, merchantId))?.public_base_url ?? '';
  const [effective, source] = url
    ? [url, 'setting' as const]
    : config.publicBaseUrl
      ? [config.publicBaseUrl, 'env' as const]
      : [`${req.protocol}://${req.host}`, 'request' as const];
  return { url, effective, source, local: isLocalAddress(effective) };
}

export const publicBase = async (db: Db, merchantId: number, req: FastifyRequest, config: BaseConfig) =>
  (await publicBaseView(db, merchantId, req, config)).effective;

/** Sets (or with '' clears) the merchant's public address: administrators only, as it goes on every label. */
export async function setPublicBase(db: Db, auth: AuthContext, url: string) {
  if (!auth.isAdmin)
    throw new ApiError(Code.PERMISSION_DENIED, {
      zh: '只有管理员可以设置溯源码的公网地址',
      en: 'Only an administrator may set the public address of trace codes',
    });
  await savePublicBase(db, auth.merchantId, url, await codeSettings(db, auth.merchantId), Date.now());
  return null;
}
