import { createHmac, timingSafeEqual } from 'node:crypto';
import { Code, LINK_TOKEN_TTL_MS, type LinkTarget, type LinkToken, type LinkTokenHolder } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import * as repo from './repo';
import { type AuthContext, lapsedCode } from './sessions';

/**
 * Link tokens: `lnk.<session>.<target>.<expiry>.<signature>`, the numbers in base 36, signed with the session's
 * token hash. That key is a secret only the database holds, so every server process can check a token without
 * shared state, and a token ends with its session (logout, expiry, a disabled account) besides its own two
 * minutes. It names its target, so a help token never opens the data screen or the console.
 */
const sign = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64url');

export async function issueLinkToken(
  db: Db,
  auth: AuthContext,
  target: LinkTarget,
  now = Date.now(),
): Promise<LinkToken> {
  const row = await repo.findSessionById(db, auth.sessionId);
  if (!row) throw new ApiError(Code.TOKEN_INVALID);
  const expiresAt = now + LINK_TOKEN_TTL_MS;
  const text = `lnk.${auth.sessionId.toString(36)}.${target}.${expiresAt.toString(36)}`;
  return { token: `${text}.${sign(row.token_hash, text)}`, expiresAt };
}

const refused = () =>
  new ApiError(Code.PERMISSION_DENIED, {
    zh: '链接已失效，请从控制台重新打开',
    en: 'This link has expired: open it again from the console',
  });

/** Who a link token was made for, when it is genuine, for `target`, unexpired and its session still usable. */
export async function checkLinkToken(
  db: Db,
  token: string,
  target: LinkTarget,
  now = Date.now(),
): Promise<LinkTokenHolder> {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== 'lnk' || parts[2] !== target) throw refused();
  const sessionId = Number.parseInt(parts[1], 36);
  const expiresAt = Number.parseInt(parts[3], 36);
  if (!Number.isSafeInteger(sessionId) || !Number.isSafeInteger(expiresAt) || expiresAt <= now) throw refused();
  const row = await repo.findSessionById(db, sessionId);
  if (!row) throw refused();
  const want = Buffer.from(sign(row.token_hash, parts.slice(0, 4).join('.')));
  const got = Buffer.from(parts[4]);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw refused();
  if (row.ended_at !== null || lapsedCode(row, now) !== null) throw refused();
  return { target, userId: row.user_id, loginName: row.login_name, merchantId: row.merchant_id, expiresAt };
}
