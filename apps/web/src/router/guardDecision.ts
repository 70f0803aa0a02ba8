import { HOME_PATH, LOGIN_PATH, PUBLIC_PATHS, SKIP_CHECK_PATHS } from '../config/publicPaths';

export interface GuardInput {
  pathname: string;
  /** Query string including '?', or ''. */
  search: string;
  hasToken: boolean;
  userLoaded: boolean;
  /** The session permission list as parsed from sessionStorage (undefined when missing). */
  permitList: unknown;
  permissionReady: boolean;
  /** The company value in localStorage, if any. */
  company: string | null;
  /**
   * False while the user stays on the /login entry the guard already let through: signing in there
   * sets a token a moment before the login page navigates away, and that must not count as a visit.
   */
  freshArrival: boolean;
  /** The path is a page of the console (route table) that this user's routes do not hold: see forbiddenPage. */
  forbidden: boolean;
}

export type GuardAction =
  | { type: 'allow' }
  /** A signed-in user reached /login: reset the token and close messaging, then show the page. */
  | { type: 'resetAndAllow' }
  | { type: 'toLogin'; to: string }
  | { type: 'loadUser' }
  /** The session permission list is missing or not an array: reset the token, then go to login. */
  | { type: 'invalidPermits'; to: string }
  | { type: 'buildRoutes' }
  /** A console page this user may not open (e.g. a redirect after login): home, with a message, not 404. */
  | { type: 'notPermitted'; to: string };

/** SPEC §2: /login?redirect=<wanted path with query>&company=<stored company, only when stored>. */
export function loginUrl(wanted: string, company: string | null): string {
  const qs = new URLSearchParams();
  if (wanted && wanted !== LOGIN_PATH) qs.set('redirect', wanted);
  if (company) qs.set('company', company);
  const s = qs.toString();
  return s ? `${LOGIN_PATH}?${s}` : LOGIN_PATH;
}

/** Where to go after a successful login: the redirect parameter when it is a path of this console. */
export function afterLoginPath(redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith(LOGIN_PATH)) {
    return HOME_PATH;
  }
  return redirect;
}

/** The guard of SPEC §2 and §4 as a pure decision; the Guard component carries the action out. */
export function decideGuard(input: GuardInput): GuardAction {
  const { pathname } = input;
  if (SKIP_CHECK_PATHS.includes(pathname)) return { type: 'allow' };
  const wanted = pathname + input.search;
  if (!input.hasToken) {
    return PUBLIC_PATHS.includes(pathname)
      ? { type: 'allow' }
      : { type: 'toLogin', to: loginUrl(wanted, input.company) };
  }
  if (pathname === LOGIN_PATH) return input.freshArrival ? { type: 'resetAndAllow' } : { type: 'allow' };
  if (!input.userLoaded) return { type: 'loadUser' };
  if (!Array.isArray(input.permitList)) return { type: 'invalidPermits', to: loginUrl(wanted, input.company) };
  if (!input.permissionReady) return { type: 'buildRoutes' };
  if (input.forbidden) return { type: 'notPermitted', to: HOME_PATH };
  return { type: 'allow' };
}

interface PathTree {
  path: string;
  children?: readonly PathTree[];
}

const holds = (routes: readonly PathTree[], pathname: string): boolean =>
  routes.some((r) => r.path === pathname || holds(r.children ?? [], pathname));

/**
 * True when `pathname` is a page of the console's route table (`all`) but not of the routes generated
 * for this user (`mine`). A path the console does not know at all stays a 404.
 */
export function forbiddenPage(pathname: string, all: readonly PathTree[], mine: readonly PathTree[]): boolean {
  return holds(all, pathname) && !holds(mine, pathname);
}
