import { SESSION_IDLE_MS } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { rowById, updateById } from '../../db/rows';
import { merchantWide, type Scope } from '../../db/scope';

/** Kysely only: sessions, login lookups and password storage. `db` may be a transaction. */

export function findLoginUser(db: Db, loginName: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
    .select(['u.id', 'u.merchant_id', 'u.login_name', 'u.password_hash', 'u.password_salt', 'u.enabled'])
    .select('m.enabled as merchant_enabled')
    .where('u.login_name', '=', loginName)
    .where('u.removed_at', 'is', null)
    .executeTakeFirst();
}

export const findUserSecret = (db: Db, scope: Scope, userId: number) => rowById(db, scope, 'users', userId);

export const updatePassword = (db: Db, scope: Scope, userId: number, hash: string, salt: string) =>
  updateById(db, scope, 'users', userId, { password_hash: hash, password_salt: salt });

export function setLastLogin(db: Db, userId: number, at: number) {
  return db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

export async function insertSession(
  db: Db,
  s: {
    tokenHash: string;
    userId: number;
    merchantId: number;
    now: number;
    expiresAt: number;
    ip: string;
    userAgent: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      merchant_id: s.merchantId,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
      ip: s.ip.slice(0, 64),
      user_agent: s.userAgent.slice(0, 300),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A session with what decides whether it may be used: its account's state and its company's. */
const sessionWithAccount = (db: Db) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('merchants as m', 'm.id', 's.merchant_id')
    .select(['s.id', 's.user_id', 's.merchant_id', 's.token_hash', 's.last_seen_at', 's.expires_at', 's.ended_at'])
    .select(['s.end_code', 'u.login_name', 'u.enabled as user_enabled', 'u.removed_at', 'u.role_id', 'u.kind'])
    .select('m.enabled as merchant_enabled');

/** What the auth hook needs about a token and its account (the role is read by `roleOf`). */
export const findSessionByHash = (db: Db, tokenHash: string) =>
  sessionWithAccount(db).where('s.token_hash', '=', tokenHash).executeTakeFirst();

/** A session by id, with its token hash: the key its link tokens are signed with. */
export const findSessionById = (db: Db, sessionId: number) =>
  sessionWithAccount(db).where('s.id', '=', sessionId).executeTakeFirst();

/** Marks a session used at `at`; `expiresAt` also moves its absolute end (a data screen's renewal). */
export function touchSession(db: Db, sessionId: number, at: number, expiresAt?: number) {
  return db
    .updateTable('sessions')
    .set(expiresAt === undefined ? { last_seen_at: at } : { last_seen_at: at, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

/** The role a user holds with its permitUrls; none when the role is gone or is not of the user's merchant. */
export async function roleOf(db: Db, merchantId: number, roleId: number) {
  const rows = await merchantWide(db, merchantId)
    .selectFrom('roles as r')
    .leftJoin('role_permissions as p', 'p.role_id', 'r.id')
    .select(['r.id', 'r.role_key', 'r.is_admin', 'p.permit_url'])
    .where('r.id', '=', roleId)
    .execute();
  const [role] = rows;
  return role && { ...role, permitUrls: rows.flatMap((r) => (r.permit_url === null ? [] : [r.permit_url])) };
}

/** Parks a user may see: every park of the merchant for an admin, else the user's own grants. */
export async function visibleGroupIds(db: Db, userId: number, merchantId: number, isAdmin: boolean): Promise<number[]> {
  const merchant = merchantWide(db, merchantId);
  const rows = isAdmin
    ? await merchant.selectFrom('groups').select('id').orderBy('id').execute()
    : await merchant
        .selectFrom('user_groups as ug')
        .innerJoin('groups as g', 'g.id', 'ug.group_id')
        .select('g.id')
        .where('ug.user_id', '=', userId)
        .orderBy('g.id')
        .execute();
  return rows.map((r) => r.id);
}

export interface SessionFilter {
  sessionIds?: number[];
  userId?: number;
  merchantId?: number;
  exceptSessionId?: number;
  /** Only sessions neither expired nor idle at this instant. */
  activeAt?: number;
  /** The oldest N matching sessions (MAX_SESSIONS_PER_USER). */
  oldest?: number;
}

export function liveSessions(db: Db, f: SessionFilter) {
  let q = (f.merchantId === undefined ? db : merchantWide(db, f.merchantId))
    .selectFrom('sessions')
    .select(['id', 'user_id', 'merchant_id'])
    .where('ended_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id');
  if (f.sessionIds) q = q.where('id', 'in', f.sessionIds.length ? f.sessionIds : [-1]);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.exceptSessionId !== undefined) q = q.where('id', '<>', f.exceptSessionId);
  if (f.activeAt !== undefined) {
    q = q.where('expires_at', '>', f.activeAt).where('last_seen_at', '>', f.activeAt - SESSION_IDLE_MS);
  }
  if (f.oldest !== undefined) q = q.limit(f.oldest);
  return q.execute();
}

export function markEnded(db: Db, ids: number[], code: number, at: number) {
  return db
    .updateTable('sessions')
    .set({ ended_at: at, end_code: code })
    .where('id', 'in', ids)
    .where('ended_at', 'is', null)
    .execute();
}
