/**
 * Every response code the API can return. The envelope is `{code, msg, data}`; 0 is success.
 * Business errors travel as HTTP 200 with a non-zero code (SPEC §8); only a bug yields a 5xx.
 *
 * The 9xx codes all mean "this session is over" (SPEC §8: the console disconnects messaging and
 * shows the forced-logout dialog). Each has exactly one cause so support can tell from a code
 * alone why someone was signed out.
 */
export const Code = {
  OK: 0,

  /** No AuthToken header (or cookie) on a call that needs a session. */
  TOKEN_MISSING: 900,
  /** The token was never issued by this server (wrong format or unknown hash). */
  TOKEN_INVALID: 901,
  /** The session passed its absolute lifetime (SESSION_TTL_MS). */
  TOKEN_EXPIRED: 903,
  /** The session was idle longer than SESSION_IDLE_MS. */
  SESSION_IDLE: 904,
  /** The session was ended by logout. */
  LOGGED_OUT: 905,
  /** The password was changed (by the user elsewhere, or reset by an administrator). */
  PASSWORD_CHANGED: 906,
  /** The user account was disabled. */
  ACCOUNT_DISABLED: 907,
  /** The user's role was switched to another role, or the permissions of their role changed. */
  ROLE_CHANGED: 908,
  /** The parks the user may see were changed. */
  PARKS_CHANGED: 910,
  /** The user account was removed. */
  ACCOUNT_REMOVED: 911,
  /** The whole merchant (company) was disabled. */
  MERCHANT_DISABLED: 912,
  /** An administrator ended this session explicitly. */
  KICKED_BY_ADMIN: 914,
  /** The user signed in on more devices than MAX_SESSIONS_PER_USER; the oldest session was ended. */
  LOGGED_IN_ELSEWHERE: 915,
  /** The user's role was deleted. */
  ROLE_REMOVED: 916,

  /** The request could not be parsed at all (malformed JSON or form body). */
  BAD_REQUEST: 1000,
  /** A field failed validation; the message names the field and what is wrong. */
  VALIDATION: 1001,
  /** Wrong login name or password. Deliberately does not say which. */
  LOGIN_FAILED: 1002,
  /** A device operation failed (SPEC §8, the /sqdApi/ family). */
  DEVICE_OPERATION_FAILED: 1003,
  /** Signed in, but the role lacks the permission (permitUrl) this call needs. */
  PERMISSION_DENIED: 1004,
  /** The object does not exist, or belongs to a merchant or park the caller may not see. */
  NOT_FOUND: 1005,
  /** The request conflicts with the current state (duplicate name, object still in use...). */
  CONFLICT: 1006,
  /** The old password given to resetLoginPwd is wrong. */
  OLD_PASSWORD_WRONG: 1007,
  /** Too many requests (SPEC §8): per account and address on login, per token elsewhere. */
  RATE_LIMITED: 1604,
  /** An unexpected server error. Always a bug; logged with the request id. */
  INTERNAL: 1500,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** The codes after which the console shows the forced-logout dialog (SPEC §8). */
export const FORCED_LOGOUT_CODES: readonly number[] = [
  900, 901, 903, 904, 905, 906, 907, 908, 910, 911, 912, 914, 915, 916,
];

export function isForcedLogoutCode(code: number): boolean {
  return FORCED_LOGOUT_CODES.includes(code);
}

/** Default English messages; the server sends these unless a more precise one applies. */
export const DEFAULT_MESSAGES: Record<CodeValue, string> = {
  0: '请求成功',
  900: 'Not signed in: the AuthToken header is missing',
  901: 'Not signed in: the token is not valid',
  903: 'Your session has expired, please sign in again',
  904: 'You were signed out after a period of inactivity',
  905: 'This session has been signed out',
  906: 'Your password was changed, please sign in again',
  907: 'Your account has been disabled',
  908: 'Your role or its permissions changed, please sign in again',
  910: 'The parks you may see changed, please sign in again',
  911: 'Your account has been removed',
  912: 'Your company account has been disabled',
  914: 'An administrator ended your session',
  915: 'You signed in on another device and this session was ended',
  916: 'Your role was removed, please contact the administrator',
  1000: 'The request body could not be read',
  1001: 'Invalid input',
  1002: 'Wrong login name or password',
  1003: '操作异常，请刷新页面重试！',
  1004: 'You do not have permission to do this',
  1005: 'Not found',
  1006: 'This conflicts with the current state',
  1007: 'The old password is wrong',
  1604: '访问过于频繁，请稍候再试！',
  1500: 'Internal server error',
};
