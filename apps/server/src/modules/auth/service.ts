import {
  Code,
  LOGIN_LIMIT,
  type LoginBody,
  MAX_SESSIONS_PER_USER,
  type ResetLoginPwdBody,
  SESSION_TTL_MS,
} from '@farmpark/contracts';
import { ApiError } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { AttemptLimiter, RateLimitedError } from '../../http/rateLimit';
import { scopeOf } from '../../http/scope';
import type { ModuleDeps } from '../context';
import { writeLog } from '../systemLog/service';
import * as repo from './repo';
import { burnPasswordCheck, hashPassword, hashToken, newToken, verifyPassword } from './secrets';
import { type AuthContext, announceEnded, endSessions } from './sessions';

/** Kept here for modules not yet switched to `http/clientMeta`. */
export type { ClientMeta } from '../../http/clientMeta';

/**
 * Password checks are limited per (login name | user, address) with a growing wait, and per address;
 * see AttemptLimiter. Login and the old-password check of a password change each have their own.
 */
export function createLoginLimits() {
  return { login: new AttemptLimiter(LOGIN_LIMIT), oldPassword: new AttemptLimiter(LOGIN_LIMIT) };
}
export type LoginLimits = ReturnType<typeof createLoginLimits>;

export async function login(deps: ModuleDeps, limits: LoginLimits, body: LoginBody, meta: ClientMeta): Promise<string> {
  const nameKey = body.loginName.toLowerCase();
  const log = (code: number, user?: { id: number; merchant_id: number }) =>
    writeLog(deps.db, {
      merchantId: user?.merchant_id ?? null,
      userId: user?.id ?? null,
      loginName: body.loginName,
      ip: meta.ip,
      action: 'login',
      targetType: 'user',
      targetId: user?.id,
      code,
    });

  // Reserved before the first await, so parallel guesses each see the others' reservations.
  const attempt = await limits.login.acquire(nameKey, meta.ip);
  if (!attempt.ok) {
    await log(Code.RATE_LIMITED);
    throw new RateLimitedError(attempt.retryAfterMs);
  }
  let user: Awaited<ReturnType<typeof repo.findLoginUser>>;
  let passwordOk = false;
  try {
    user = await repo.findLoginUser(deps.db, body.loginName);
    passwordOk = user
      ? await verifyPassword(body.loginPwd, user.password_hash, user.password_salt)
      : await burnPasswordCheck(body.loginPwd);
  } finally {
    attempt.settle(passwordOk);
  }
  if (!user || !passwordOk) {
    await log(Code.LOGIN_FAILED, user);
    throw new ApiError(Code.LOGIN_FAILED);
  }
  // Only after the password is right, so these answers do not reveal which accounts exist.
  if (!user.enabled) {
    await log(Code.ACCOUNT_DISABLED, user);
    throw new ApiError(Code.ACCOUNT_DISABLED);
  }
  if (!user.merchant_enabled) {
    await log(Code.MERCHANT_DISABLED, user);
    throw new ApiError(Code.MERCHANT_DISABLED);
  }

  const now = Date.now();
  const token = newToken();
  const ended = await deps.db.transaction().execute(async (trx) => {
    const live = await repo.liveSessions(trx, { userId: user.id, activeAt: now });
    const excess = live.length - (MAX_SESSIONS_PER_USER - 1);
    const out =
      excess > 0
        ? await endSessions(
            trx,
            { sessionIds: live.slice(0, excess).map((s) => s.id) },
            Code.LOGGED_IN_ELSEWHERE,
            undefined,
            now,
          )
        : [];
    await repo.insertSession(trx, {
      tokenHash: hashToken(token),
      userId: user.id,
      merchantId: user.merchant_id,
      now,
      expiresAt: now + SESSION_TTL_MS,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await repo.setLastLogin(trx, user.id, now);
    return out;
  });
  await announceEnded(deps.publish, ended);
  await log(Code.OK, user);
  return token;
}

/** Ends the caller's session, or another of the caller's own sessions named by its token. */
export async function logout(deps: ModuleDeps, auth: AuthContext, token: string | undefined, meta: ClientMeta) {
  let sessionId = auth.sessionId;
  if (token !== undefined) {
    const row = await repo.findSessionByHash(deps.db, hashToken(token));
    // Another user's token is "not found", never ended: a token is not a capability to sign others out.
    if (!row || row.user_id !== auth.userId || row.merchant_id !== auth.merchantId) {
      throw new ApiError(Code.NOT_FOUND, 'token: no such session of yours');
    }
    sessionId = row.id;
  }
  await endSessions(deps.db, { sessionIds: [sessionId], userId: auth.userId }, Code.LOGGED_OUT, deps.publish);
  await writeLog(deps.db, {
    merchantId: auth.merchantId,
    userId: auth.userId,
    loginName: auth.loginName,
    ip: meta.ip,
    action: 'logout',
    targetType: 'session',
    targetId: sessionId,
    code: Code.OK,
  });
}

/** Changes the caller's password; every other session of the user ends with 906, this one stays. */
export async function resetPassword(
  deps: ModuleDeps,
  limits: LoginLimits,
  auth: AuthContext,
  body: ResetLoginPwdBody,
  meta: ClientMeta,
) {
  const log = (code: number) =>
    writeLog(deps.db, {
      merchantId: auth.merchantId,
      userId: auth.userId,
      loginName: auth.loginName,
      ip: meta.ip,
      action: 'password.change',
      targetType: 'user',
      targetId: auth.userId,
      code,
    });
  const attempt = await limits.oldPassword.acquire(`user:${auth.userId}`, meta.ip);
  if (!attempt.ok) {
    await log(Code.RATE_LIMITED);
    throw new RateLimitedError(attempt.retryAfterMs);
  }
  let oldOk = false;
  try {
    const secret = await repo.findUserSecret(deps.db, scopeOf(auth), auth.userId);
    oldOk = !!secret && (await verifyPassword(body.oldPwd, secret.password_hash, secret.password_salt));
  } finally {
    attempt.settle(oldOk);
  }
  if (!oldOk) {
    await log(Code.OLD_PASSWORD_WRONG);
    throw new ApiError(
      Code.OLD_PASSWORD_WRONG,
      { en: 'oldPwd: the old password is wrong', zh: 'oldPwd：原密码错误' },
      { field: 'oldPwd', rule: 'wrong' },
    );
  }
  const { hash, salt } = await hashPassword(body.newPwd);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await repo.updatePassword(trx, scopeOf(auth), auth.userId, hash, salt);
    return endSessions(trx, { userId: auth.userId, exceptSessionId: auth.sessionId }, Code.PASSWORD_CHANGED);
  });
  await announceEnded(deps.publish, ended);
  await log(Code.OK);
}
