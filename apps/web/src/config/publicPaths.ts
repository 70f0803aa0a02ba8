/** SPEC §2: reachable without a token. */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/testing', '/OC', '/TC', '/download-app', '/404'];
/** SPEC §2: these skip every check, even for a signed-in user. */
export const SKIP_CHECK_PATHS: readonly string[] = ['/OC', '/TC'];
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';
