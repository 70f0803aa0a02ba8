import { z } from 'zod';
import { named, refinement } from './errorDetail';
import type { PermitEntry } from './permissions';

export { AUTH_HEADER, TOKEN_COOKIE } from './sessionKeys';
/** Absolute session lifetime and idle timeout. */
export const SESSION_TTL_MS = 7 * 24 * 3600_000;
export const SESSION_IDLE_MS = 24 * 3600_000;
/** A user may hold this many sessions; signing in once more ends the oldest (code 915). */
export const MAX_SESSIONS_PER_USER = 10;
/**
 * Login (and old-password) limits: per account and address, 5 failures are free, then the wait doubles from
 * 30 s up to 15 min; one address may make 30 failed attempts on any accounts in 10 min.
 */
export const LOGIN_LIMIT = {
  freeFailures: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  perAddress: 30,
  addressWindowMs: 10 * 60_000,
} as const;
/** Per-token limit on all other calls. */
export const TOKEN_LIMIT = { max: 600, windowMs: 60_000 } as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** SPEC §5: the login name is trimmed; the password is sent as is. */
export const loginBody = z.object({
  loginName: z.string().trim().min(1).max(64),
  loginPwd: z.string().min(1).max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const passwordField = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .regex(/[A-Za-z]/, named('letter'))
  .regex(/[0-9]/, named('digit'));

export const resetLoginPwdBody = z
  .object({
    oldPwd: z.string().min(1),
    newPwd: passwordField,
  })
  .refine((b) => b.oldPwd !== b.newPwd, refinement('sameAsOld', undefined, ['newPwd']));
export type ResetLoginPwdBody = z.infer<typeof resetLoginPwdBody>;

export interface MerchantUserInfo {
  userId: number;
  loginName: string;
  userName: string;
  /** Company logo URL (SPEC spells it userLoge). */
  userLoge: string;
  userCompanyAbb: string;
  merchantId: number;
  merchantName: string;
  /** Role keys; `admin` gets every permission route (SPEC §6). */
  roles: string[];
  permitList: PermitEntry[];
}

/** `getSysUserExtend`: the signed-in user's own profile details. */
export interface SysUserExtend {
  userId: number;
  loginName: string;
  userName: string;
  phone: string;
  roleId: number | null;
  roleName: string;
  groupIds: number[];
  lastLoginAt: string | null;
  createdAt: string;
}

/** `getSysUserAllList`: every user of the merchant, for pickers (operator, contact...). */
export interface SysUserBrief {
  userId: number;
  loginName: string;
  userName: string;
  enabled: boolean;
}

/** `mqtt/getConnectParam` (SPEC §3): the console connects to `${mqttUrl}:${port}/mqtt`. */
export interface MqttConnectParam {
  username: string;
  password: string;
  /** `ws://host` or `wss://host`. */
  mqttUrl: string;
  port: number;
}

/**
 * The other hosts SPEC opens with a token in the query (the help documents, the new-version data screen) get a
 * link token, never the session's: it opens only its target, for two minutes, and ends with the session.
 */
export const LINK_TARGETS = ['help', 'newScreen'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];
export const LINK_TOKEN_TTL_MS = 2 * 60_000;
export const linkTokenBody = z.object({ target: z.enum(LINK_TARGETS) });
export const linkTokenCheckQuery = z.object({
  token: z.string().trim().min(1).max(200),
  target: z.enum(LINK_TARGETS),
});
export interface LinkToken {
  token: string;
  expiresAt: number;
}
/** What a link token stands for, as the host it was made for reads it. */
export interface LinkTokenHolder {
  target: LinkTarget;
  userId: number;
  loginName: string;
  merchantId: number;
  expiresAt: number;
}
