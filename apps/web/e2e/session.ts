import { type AlarmRule, type Severity, TOKEN_COOKIE } from '@farmpark/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseURL, keepTab, openPage, sharedBrowser, watch } from './browser';

export const DEMO_PASSWORD = 'demo123456';

/** Signs in through the login form and waits until the console has left /login. */
export async function loginViaForm(page: Page, loginName: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
  // The sidebar is a closed drawer on a phone; the user menu is there at every width.
  await page.getByTestId('user-dropdown').waitFor();
}

/**
 * Signs in as the form does (the server's sign-in, then the session cookie the console keeps) and opens the
 * console's home. The form itself is driven in foundation.e2e.ts (`loginViaForm`); here it would cost each
 * sign-in a full load of /login and a second start of the console, on the suite's two shared cores.
 */
export async function login(page: Page, loginName: string, password = DEMO_PASSWORD, path = '/'): Promise<void> {
  const token = await apiLogin(loginName, password);
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: token, url: baseURL(), sameSite: 'Lax' }]);
  await page.goto(path);
  // The sidebar is a closed drawer on a phone; the user menu is there at every width.
  await page.getByTestId('user-dropdown').waitFor({ timeout: 15_000 });
}

/** The session token the console keeps in its cookie, if any. */
const cookieToken = async (context: BrowserContext): Promise<string | undefined> =>
  (await context.cookies()).find((c) => c.name === TOKEN_COOKIE)?.value;

export async function tokenOf(context: BrowserContext): Promise<string> {
  const token = await cookieToken(context);
  if (!token) throw new Error('no token cookie');
  return token;
}

/** Calls the API from the test itself (another "device" of the same user). */
export async function api<T = unknown>(
  path: string,
  token?: string,
  init: RequestInit = {},
): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`${baseURL()}${path}`, {
    ...init,
    headers: { ...(token ? { AuthToken: token } : {}), ...(init.headers ?? {}) },
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

/** A POST body of JSON for `api`. */
export const jsonBody = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * Lets a demo machine start again right after a stop, as an operator may set it on the machine's card: e2e tests
 * stop a run and start the next within seconds, which the default least rest of pump protection refuses.
 */
export async function startsBackToBack(token: string, deviceId: number): Promise<void> {
  const limits = { deviceId, minRunMin: 2, minRestMin: 0, maxStartsPerHour: 30 };
  const res = await api('/api/merchant/irrigation/alterMachineSettings', token, jsonBody(limits));
  if (res.code !== 0) throw new Error(`alterMachineSettings: ${res.msg}`);
}

/** The first of the user's parks, as the console's park list orders them. */
export async function firstParkId(token: string): Promise<number> {
  const parks = await api<{ groupId: number }[]>('/api/merchant/group/getGroupAndDeviceAllList', token);
  return parks.data[0].groupId;
}

/** The ids of a list's first 100 rows matching `query`: what a test made, to remove it after. */
export async function listedIds(token: string, list: string, query: Record<string, string>): Promise<number[]> {
  const r = await api<{ list: { id: number }[] }>(
    `${list}?${new URLSearchParams({ pageSize: '100', ...query })}`,
    token,
  );
  return r.data?.list.map((x) => x.id) ?? [];
}

/** Removes rows by id with a `remove...` call that takes `{id: [...]}` (nothing to do for none). */
export async function removeIds(token: string, path: string, id: number[]): Promise<void> {
  if (id.length) await api(path, token, jsonBody({ id }));
}

/** 'YYYY-MM-DD' n days before today in the parks' zone (the e2e server's). */
export const daysAgo = (n: number): string =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(Date.now() - n * 86_400_000);

/** An alarm rule on one device that notifies nobody (the console shows its alarms); its id. */
export async function addAlarmRule(
  token: string,
  rule: { groupId: number; name: string; deviceId: number; condition: Record<string, unknown>; severity: Severity },
): Promise<number> {
  const r = await api<AlarmRule>(
    '/api/merchant/alarm/addAlarmRule',
    token,
    jsonBody({ ...rule, contactIds: [], channels: [] }),
  );
  if (r.code !== 0) throw new Error(`addAlarmRule: ${r.msg}`);
  return r.data.id;
}

export type Locale = 'zh-CN' | 'en-US';
export { LOOKS } from './browser';
export interface SignInOptions {
  /** The window's width; below 500 px it is a phone's window (844 px high). */
  width?: number;
  /** The browser's and the console's language. */
  locale?: Locale;
  user?: string;
  password?: string;
  /** The console page the tab opens at: home unless given (a test that starts elsewhere loads one page, not two). */
  path?: string;
}
const viewport = (width: number) => ({ width, height: width < 500 ? 844 : 900 });

/**
 * Signed-in contexts of the shard's Chromium, by user and language, shared by the shard's files (browser.ts). A
 * fresh context costs Chromium about 4 CPU-seconds before a test starts (a renderer, the console's scripts compiled
 * anew, the sign-in); a new tab in a signed-in one about 1. Tabs share cookies and local storage, as a user's tabs
 * do; the park chosen is per tab (session storage).
 */
const signedInContexts = new WeakMap<Browser, Map<string, { context: BrowserContext; file: Browser }>>();

/** Whether the context's session still opens the console (a test may have logged out or ended it). */
async function stillSignedIn(context: BrowserContext): Promise<boolean> {
  const token = await cookieToken(context);
  if (!token) return false;
  return (await api('/api/merchant/user/center/getMerchantUserInfo', token).catch(() => null))?.code === 0;
}

/**
 * A new tab signed in as `user` (demo by default) in the console's `locale`, at `width`: in the shard's context
 * for that user and language when its session still holds, else in a new context signed in through the server.
 * A file that takes over a context an earlier file used gets it with the session cookie only (a collapsed
 * sidebar, say, stays with the file that collapsed it). Closing the returned context closes the tab only.
 */
export async function signedInPage(browser: Browser, opts: SignInOptions = {}) {
  const locale = opts.locale ?? 'zh-CN';
  const size = viewport(opts.width ?? 1440);
  const key = `${opts.user ?? 'demo'}\n${opts.password ?? ''}\n${locale}`;
  const shard = sharedBrowser(browser);
  const contexts = signedInContexts.get(shard) ?? new Map<string, { context: BrowserContext; file: Browser }>();
  signedInContexts.set(shard, contexts);
  const known = contexts.get(key);
  if (known && (await stillSignedIn(known.context))) {
    const { context } = known;
    if (known.file !== browser) {
      const token = (await cookieToken(context)) as string;
      await context.clearCookies();
      await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: baseURL(), sameSite: 'Lax' }]);
      known.file = browser;
    }
    const page = await context.newPage();
    keepTab(browser, page);
    const problems = watch(page);
    await page.setViewportSize(size);
    // where the sign-in leaves a new context's tab: the console's home, or the page asked for
    await page.goto(opts.path ?? '/');
    await page.getByTestId('user-dropdown').waitFor();
    return { page, context: tabOf(context, page), problems };
  }
  if (known) await known.context.close();
  contexts.delete(key);
  const opened = await openPage(shard, { ...size, locale });
  keepTab(browser, opened.page);
  // every frame runs it, and a frame without storage (the PDF viewer of a report preview) has null here
  await opened.context.addInitScript((lng) => window.localStorage?.setItem('ag_merchant_lang', lng), locale);
  await login(opened.page, opts.user ?? 'demo', opts.password, opts.path);
  contexts.set(key, { context: opened.context, file: browser });
  return { ...opened, context: tabOf(opened.context, opened.page) };
}

/** The shared context as a test sees it: everything of the context, but `close` closes the test's tab. */
const tabOf = (context: BrowserContext, page: Page): BrowserContext =>
  new Proxy(context, {
    get(target, prop) {
      if (prop === 'close') return () => page.close();
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

/**
 * One tab for a file's tests (sign-ins are rate-limited per account): the tests of one look share it, and a test
 * in another look gets a new tab signed in in that look (`signedInPage`). A live page switched from zh-CN at
 * 1440 px to en-US at 390 px and then reloaded came back at /login three times in CI (docs/TESTS.md, open).
 * Each test answers for its own console errors.
 */
export function oneSignIn(browser: () => Browser, user = 'demo') {
  let tab: (Awaited<ReturnType<typeof signedInPage>> & { look: string }) | undefined;
  return {
    async signedIn(opts: Pick<SignInOptions, 'width' | 'locale'> = {}) {
      const look = `${opts.locale ?? 'zh-CN'} ${opts.width ?? 1440}`;
      if (tab?.look !== look) {
        await tab?.context.close();
        tab = { ...(await signedInPage(browser(), { ...opts, user })), look };
      }
      tab.problems.length = 0;
      return { page: tab.page, problems: tab.problems };
    },
    close: () => tab?.context.close(),
  };
}

export async function apiLogin(loginName: string, password = DEMO_PASSWORD): Promise<string> {
  const body = new URLSearchParams({ loginName, loginPwd: password });
  const r = await api<string>('/api/merchant/login/loginByPassword', undefined, { method: 'POST', body });
  if (r.code !== 0) throw new Error(`login ${loginName}: ${r.code} ${r.msg}`);
  return r.data;
}

/** Top-level menu titles in the sidebar. */
export async function menuTitles(page: Page): Promise<string[]> {
  const menu = page.getByTestId('sidebar-menu');
  await menu.locator('ul.ant-menu').first().waitFor();
  const items = menu.locator(
    'ul.ant-menu-root > li.ant-menu-submenu > .ant-menu-submenu-title, ul.ant-menu-root > li.ant-menu-item',
  );
  return (await items.allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}

/**
 * Moves the demo's simulated world `minutes` forward (weather, soil, crops) and waits until every simulated
 * device has published a reading of the new time: tests advance the clock instead of waiting for it.
 */
export async function advanceSimulation(minutes: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${inject('simControlPort')}/advance?minutes=${minutes}`, {
    method: 'POST',
  });
  if (!res.ok) throw new Error(`advancing the simulated clock: ${res.status} ${await res.text()}`);
}
