import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

// Debian's Chromium, never a downloaded browser. Flags keep it off the (closed) network.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREEN_DIR = path.resolve(import.meta.dirname, '../../../test-artifacts/screens');

export const baseURL = () => inject('baseURL');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS });
}

export interface PageOptions {
  width?: number;
  height?: number;
  locale?: 'zh-CN' | 'en-US';
}

/** A fresh context (own cookies and storage) with console errors and 5xx responses collected. */
export async function openPage(browser: Browser, opts: PageOptions = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: opts.locale ?? 'zh-CN',
    // the parks' zone, as the server's TZ_NAME: "today" in the page and in day buckets agree at any hour
    timezoneId: 'Asia/Shanghai',
  });
  const page: Page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${res.status()} ${res.url()}`);
  });
  return { context, page, problems };
}

/** Screenshots wait for running CSS transitions (drawers, dialogs) so they show the settled page. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREEN_DIR, { recursive: true });
  // Motion starts a frame or two after a dialog mounts: let it start, then wait for it to end.
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    await frame();
    await frame();
    // Endless ones (a pulsing "online" badge, a spinner) never finish: skip them, and never wait long.
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((r) => setTimeout(r, 3_000))]);
  });
  await page.screenshot({ path: path.join(SCREEN_DIR, `${name}.png`), fullPage: false });
}
