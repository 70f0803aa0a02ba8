import {
  ALL_PERMIT_URLS,
  Code,
  type CodeValue,
  DEFAULT_MESSAGES,
  expandGrants,
  SCREEN_READ_PERMITS,
  SESSION_IDLE_MS,
  SESSION_TTL_MS,
  type SessionEndedMessage,
  type UserKind,
  userTopic,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import type { Publish } from '../../mqtt/publish';
import * as repo from './repo';
import { hashToken } from './secrets';

/** Who is calling: attached to every signed-in request as `req.auth`. */
export interface AuthContext {
  userId: number;
  merchantId: number;
  sessionId: number;
  loginName: string;
  isAdmin: boolean;
  roleKey: string | null;
  /** 'staff', or 'screen' for a data-screen account (no permissions; only routes marked screenAccess). */
  kind: UserKind;
  /** Expanded permitUrls (admin: all of them). */
  grants: Set<string>;
  /** Parks this user may see (admin: every park of the merchant). */
  groupIds: number[];
}

// The broker reads the same message type it was declared with in contracts (webChannels.ts).
export type { SessionEndedMessage };

const TOUCH_EVERY_MS = 60_000;

/**
 * The one way a session ends (logout, password change, kick, role or park change...). Marks the
 * sessions ended with `code` and tells their open consoles over MQTT so they log out at once; the
 * embedded broker hears the same notice and closes every MQTT connection of those sessions, whatever
 * they subscribed to (mqtt/broker.ts). Called inside a transaction, pass `publish` as undefined and
 * call `announceEnded` after commit (unannounced, its connections last until the broker's next minute check).
 */
export async function endSessions(
  db: Db,
  filter: repo.SessionFilter,
  code: CodeValue,
  publish?: Publish,
  now = Date.now(),
): Promise<EndedSession[]> {
  const rows = await repo.liveSessions(db, filter);
  if (rows.length === 0) return [];
  await repo.markEnded(
    db,
    rows.map((r) => r.id),
    code,
    now,
  );
  const ended = rows.map((r) => ({ sessionId: r.id, userId: r.user_id, merchantId: r.merchant_id, code }));
  if (publish) await announceEnded(publish, ended);
  return ended;
}

export interface EndedSession {
  sessionId: number;
  userId: number;
  merchantId: number;
  code: CodeValue;
}

export async function announceEnded(publish: Publish, ended: EndedSession[]): Promise<void> {
  const byUser = new Map<string, EndedSession[]>();
  for (const e of ended) {
    const key = `${e.merchantId}/${e.userId}/${e.code}`;
    byUser.set(key, [...(byUser.get(key) ?? []), e]);
  }
  for (const list of byUser.values()) {
    const { merchantId, userId, code } = list[0];
    const message: SessionEndedMessage = {
      code,
      msg: DEFAULT_MESSAGES[code],
      sessionIds: list.map((e) => e.sessionId),
    };
    await publish(userTopic(merchantId, userId), message);
  }
}

/**
 * Why a live session may no longer be used, from its row alone (expired, idle, account removed or disabled,
 * company disabled), or null. The auth hook ends such a session with the code; link tokens die with it.
 */
export function lapsedCode(row: SessionRow, now: number): CodeValue | null {
  if (row.expires_at <= now) return Code.TOKEN_EXPIRED;
  if (now - row.last_seen_at > SESSION_IDLE_MS) return Code.SESSION_IDLE;
  if (row.removed_at !== null) return Code.ACCOUNT_REMOVED;
  if (!row.user_enabled) return Code.ACCOUNT_DISABLED;
  if (!row.merchant_enabled) return Code.MERCHANT_DISABLED;
  return null;
}
type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.findSessionById>>>;

/**
 * Turns a token into the caller's context, or throws the 9xx code that says why it cannot be used.
 * A session found unusable for a lasting reason (expired, idle, account or company disabled) is
 * ended with that code, so every later use and every open console gets the same answer.
 */
export async function resolveSession(db: Db, token: string, publish?: Publish, now = Date.now()): Promise<AuthContext> {
  const row = /^[A-Za-z0-9_-]{43}$/.test(token) ? await repo.findSessionByHash(db, hashToken(token)) : undefined;
  if (!row) throw new ApiError(Code.TOKEN_INVALID);
  if (row.ended_at !== null) throw new ApiError((row.end_code ?? Code.LOGGED_OUT) as CodeValue);

  const endWith = async (code: CodeValue): Promise<never> => {
    await endSessions(db, { sessionIds: [row.id] }, code, publish, now);
    throw new ApiError(code);
  };
  const lapsed = lapsedCode(row, now);
  if (lapsed !== null) return endWith(lapsed);
  const role = row.role_id === null ? undefined : await repo.roleOf(db, row.merchant_id, row.role_id);
  if (row.role_id !== null && !role) return endWith(Code.ROLE_REMOVED);

  const kind: UserKind = row.kind === 'screen' ? 'screen' : 'staff';
  // A screen account never holds a role (one attached by hand is ignored): it reads what the data screens
  // show, and the auth hook lets it through only the read routes marked screenAccess.
  const isAdmin = kind === 'staff' && Boolean(role?.is_admin);
  const grants = isAdmin
    ? new Set(ALL_PERMIT_URLS)
    : kind === 'screen'
      ? expandGrants(SCREEN_READ_PERMITS)
      : role
        ? expandGrants(role.permitUrls)
        : new Set<string>();
  const groupIds = await repo.visibleGroupIds(db, row.user_id, row.merchant_id, isAdmin);
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    // A data screen is left on for weeks: while it keeps calling, its session's absolute end moves on
    // with it. The idle limit still ends a screen that was switched off, and disabling the account ends
    // it at the next call as for anyone.
    const renewTo = kind === 'screen' ? now + SESSION_TTL_MS : undefined;
    await repo.touchSession(db, row.id, now, renewTo);
  }

  return {
    userId: row.user_id,
    merchantId: row.merchant_id,
    sessionId: row.id,
    loginName: row.login_name,
    isAdmin,
    roleKey: role?.role_key ?? null,
    kind,
    grants,
    groupIds,
  };
}
