/**
 * Session names the console needs before anyone signs in. Kept free of zod so the login page's first
 * load does not carry the schema library (apps/web/e2e/bundle.e2e.ts); auth.ts and admin.ts re-export them.
 */

/** SPEC §9 session constants. */
export const TOKEN_COOKIE = 'ag_merchant_token';
export const AUTH_HEADER = 'AuthToken';
/** The role key a screen account reports in getMerchantUserInfo (it holds no role row). */
export const SCREEN_ROLE = 'screen';
