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
  /** The request body is larger than the server reads (1 MB; uploads have their own limit). HTTP 413. */
  BODY_TOO_LARGE: 1010,
  /** The body's Content-Type is not one the API reads (JSON, form-encoded, or a picture on uploads). HTTP 415. */
  UNSUPPORTED_MEDIA_TYPE: 1011,
  /** The URL (path and query) is longer than the server reads. HTTP 414. */
  URL_TOO_LONG: 1012,
  /** The path exists but not with this method (e.g. POST to a GET route). HTTP 405. */
  METHOD_NOT_ALLOWED: 1013,
  /** The merchant's files would pass its disk quota (the message says how much is used of how much). */
  STORAGE_QUOTA: 1014,
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
  1010: 'The request body is too large',
  1011: 'Unsupported Content-Type: send JSON or form-encoded data',
  1012: 'The request URL is too long',
  1013: 'This API does not accept this method',
  1014: 'The storage quota of your company is full',
  1604: '访问过于频繁，请稍候再试！',
  1500: 'Internal server error',
};

/** Default Chinese messages, for callers whose Accept-Language prefers Chinese (the console in zh-CN). */
export const DEFAULT_MESSAGES_ZH: Record<CodeValue, string> = {
  0: '请求成功',
  900: '未登录：缺少 AuthToken',
  901: '未登录：令牌无效',
  903: '登录已过期，请重新登录',
  904: '长时间未操作，已自动退出登录',
  905: '该会话已退出登录',
  906: '密码已修改，请重新登录',
  907: '账号已被停用',
  908: '角色或权限已变更，请重新登录',
  910: '可访问的园区已变更，请重新登录',
  911: '账号已被删除',
  912: '企业账号已被停用',
  914: '管理员已结束您的会话',
  915: '您已在其他设备登录，本会话已结束',
  916: '您的角色已被删除，请联系管理员',
  1000: '请求内容无法解析',
  1001: '输入有误',
  1002: '登录名或密码错误',
  1003: '操作异常，请刷新页面重试！',
  1004: '您没有执行此操作的权限',
  1005: '未找到',
  1006: '与当前状态冲突',
  1007: '原密码错误',
  1010: '请求内容过大',
  1011: '不支持的 Content-Type：请以 JSON 或表单格式提交',
  1012: '请求地址过长',
  1013: '该接口不支持此请求方法',
  1014: '企业的存储空间已满',
  1604: '访问过于频繁，请稍候再试！',
  1500: '服务器内部错误',
};

export type MessageLang = 'zh' | 'en';
/** A message a person reads, in both languages; the server answers in the caller's. */
export type LocalizedText = { zh: string; en: string };

export function codeMessage(code: CodeValue, lang: MessageLang): string {
  return (lang === 'zh' ? DEFAULT_MESSAGES_ZH : DEFAULT_MESSAGES)[code];
}

/** The caller's language from an Accept-Language header: Chinese when Chinese comes first, else English. */
export function messageLang(acceptLanguage: string | undefined): MessageLang {
  return /^\s*zh\b/i.test(acceptLanguage ?? '') ? 'zh' : 'en';
}
