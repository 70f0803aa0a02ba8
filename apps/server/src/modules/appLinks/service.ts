import { type AlterAppLinksBody, type AppLinks, type AppLinksInfo, Code } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import type { AuthContext } from '../auth/sessions';
import { audited } from '../systemLog/service';
import * as repo from './repo';

const NONE: AppLinks = { android: '', ios: '', mobileWeb: '', miniProgram: '' };

/** A merchant's links ('' for each one never set). */
export async function linksOf(db: Db, merchantId: number): Promise<AppLinks> {
  const row = await repo.findLinks(db, merchantId);
  return row
    ? { android: row.android, ios: row.ios, mobileWeb: row.mobile_web, miniProgram: row.mini_program }
    : { ...NONE };
}

export async function appLinksInfo(
  db: Db,
  auth: AuthContext,
  addresses: { helpUrl: string; newScreenUrl: string },
): Promise<AppLinksInfo> {
  return {
    links: await linksOf(db, auth.merchantId),
    ...addresses,
    merchantId: auth.merchantId,
    canEdit: auth.isAdmin,
  };
}

/** Only an administrator changes what every user of the merchant, and the public page, offer to download. */
export async function alterAppLinks(
  db: Db,
  auth: AuthContext,
  meta: ClientMeta,
  body: AlterAppLinksBody,
): Promise<AppLinks> {
  return audited(db, auth, meta, { action: 'appLinks.alter', targetType: 'appLinks' }, async () => {
    if (!auth.isAdmin) throw new ApiError(Code.PERMISSION_DENIED, 'Only an administrator may change the app links');
    await repo.saveLinks(
      db,
      auth.merchantId,
      { android: body.android, ios: body.ios, mobile_web: body.mobileWeb, mini_program: body.miniProgram },
      Date.now(),
    );
    return linksOf(db, auth.merchantId);
  });
}
