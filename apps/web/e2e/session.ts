import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseURL } from './browser';

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

export async function login(page: Page, loginName: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await loginViaForm(page, loginName, password);
}

export async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'ag_merchant_token');
  if (!cookie) throw new Error('no token cookie');
  return cookie.value;
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
