import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { zhCN } from '../src/i18n/zh-CN';

export const SCREEN_DIR = path.resolve(import.meta.dirname, '../../../test-artifacts/screens');

export const baseURL = () => inject('baseURL');

/**
 * The shard's one connection to its Chromium (globalSetup launches one; chromium.ts). A shard's files run one
 * after another in one module graph (vitest.config.ts), so they share the connection and, through it, the
 * signed-in contexts of session.ts: a file's first tab as demo in zh-CN opens in the context an earlier file
 * signed in, instead of paying for a new one (a renderer, the console's scripts compiled anew, a sign-in).
 */
let shard: Promise<Browser> | undefined;
async function shardBrowser(): Promise<Browser> {
  const known = await shard;
  if (!known?.isConnected()) shard = chromium.connect(inject('chromiumEndpoint'));
  return shard as Promise<Browser>;
}

/** A file's handle -> the shard's connection, and the tabs the file opened in shared contexts. */
const shardOf = new WeakMap<Browser, Browser>();
const tabsOf = new WeakMap<Browser, Set<Page>>();

/**
 * A file's handle on the shard's Chromium. Contexts made through it are the file's; its `close` closes them and
 * every tab the file opened in a shared context (`sharedBrowser`, `keepTab`), so no page, cookie or storage of a
 * file's own contexts outlives it, and no tab of it keeps drawing while the next file runs.
 */
export async function launch(): Promise<Browser> {
  const browser = await shardBrowser();
  const contexts = new Set<BrowserContext>();
  const tabs = new Set<Page>();
  const handle = new Proxy(browser, {
    get(target, prop) {
      if (prop === 'newContext')
        return async (options?: Parameters<Browser['newContext']>[0]) => {
          const context = await target.newContext(options);
          contexts.add(context);
          return context;
        };
      if (prop === 'close')
        return async () => {
          for (const t of [...tabs, ...contexts]) await t.close().catch(() => undefined);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  shardOf.set(handle, browser);
  tabsOf.set(handle, tabs);
  return handle;
}

/** The shard's connection behind a file's handle: contexts made on it outlive the file (session.ts). */
export const sharedBrowser = (handle: Browser): Browser => shardOf.get(handle) ?? handle;
/** A tab the file opened in a shared context, closed with the file's handle. */
export const keepTab = (handle: Browser, page: Page): void => void tabsOf.get(handle)?.add(page);

/** A download's text, read through Playwright (the browser runs in another process: no local path). */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The shard's Chromium for the tests of a file: a handle made before them, closed after them (`launch`). */
export function chromiumForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is launched before the tests of the file');
    return browser;
  };
}

export interface PageOptions {
  width?: number;
  height?: number;
  locale?: 'zh-CN' | 'en-US';
  /** The browser's zone; the console must show the same times whatever it is (timezone.e2e.ts). */
  timezoneId?: string;
  /** The user's motion setting: 'reduce' unless a test looks at the animated console. */
  motion?: 'reduce' | 'no-preference';
}

/** A fresh context (own cookies and storage) with console errors and 5xx responses collected. */
export async function openPage(browser: Browser, opts: PageOptions = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: opts.locale ?? 'zh-CN',
    // by default the parks' zone, as the server's TZ_NAME
    timezoneId: opts.timezoneId ?? 'Asia/Shanghai',
    // by default as a user who asked for less motion: dialogs and charts do not animate (utils/motion.ts),
    // which spares the two shared cores frames nobody looks at; foundation.e2e.ts signs in with motion on
    reducedMotion: opts.motion ?? 'reduce',
  });
  const page: Page = await context.newPage();
  return { context, page, problems: watch(page) };
}

/** The page's console errors, uncaught errors and 5xx responses, as they come. */
export function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${res.status()} ${res.url()}`);
  });
  return problems;
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

/**
 * Chooses `option` in the antd Select `testId` inside `scope` and checks that it stuck: on a busy
 * machine a click can land while a list still animates, or before the option list is ready, so the
 * choice is read back from its form item and tried again (three times at most).
 */
export async function pickOption(page: Page, scope: Page | Locator, testId: string, option: string) {
  const select = scope.getByTestId(testId);
  // read back from the form item, or from the Select itself outside a form
  const formItem = scope.locator('.ant-form-item').filter({ has: select }).last();
  const item =
    (await formItem.count()) > 0 ? formItem : scope.locator('.ant-select').filter({ has: select }).or(select).first();
  for (let attempt = 1; ; attempt++) {
    // a retry opens the list only if it is not open still (a click on an open Select closes it)
    if (attempt === 1 || (await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
    try {
      await expect.poll(() => item.innerText(), { timeout: 3_000 }).toContain(option);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Opens `path` the way a click in the menu does (the router's own navigation, no reload of the
 * app), then waits until the page has settled: no skeleton or spinner left, no request in flight
 * for a moment, every chart drawn. Page-walk loops use it instead of `goto` plus a fixed pause, which paid a
 * full app start and a guess per page.
 */
export async function visit(page: Page, path: string, quietMs = 400) {
  const inflight = new Set<unknown>();
  const started = (r: unknown) => inflight.add(r);
  const ended = (r: unknown) => inflight.delete(r);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const inApp = await page.evaluate(() => location.origin !== 'null' && !!document.querySelector('#root *'));
    if (inApp) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    } else await page.goto(path);
    const target = new URL(path, 'http://x').pathname;
    await page.waitForURL((url) => url.pathname === target, { timeout: 10_000 });
    await page
      .locator('.ant-skeleton, .ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => undefined);
    // quiet: nothing in flight (live MQTT is a websocket, not counted) for quietMs, at most 10 s
    const until = Date.now() + 10_000;
    let quietSince = Date.now();
    while (Date.now() < until) {
      if (inflight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) break;
      await page.waitForTimeout(100);
    }
    // charts drawn to the end of their animation (components/Chart marks data-rendered)
    await page
      .waitForFunction(() => !document.querySelector('[_echarts_instance_]:not([data-rendered])'), null, {
        timeout: 5_000,
      })
      .catch(() => undefined);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** How far the page scrolls sideways: 0 when it does not (wide tables scroll inside themselves). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const SHELL = Object.keys(zhCN);
const keysOf = (o: object, at: string): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keysOf(v, `${at}${k}.`) : [`${at}${k}`]));
/** Every key of the page areas' texts (each area's texts.zh-CN.ts). */
const AREA_KEYS = new Set(
  Object.values(import.meta.glob<Record<string, object>>('../src/**/texts.zh-CN.ts', { eager: true })).flatMap(
    (module) => Object.values(module).flatMap((texts) => keysOf(texts, '')),
  ),
);
const NAMESPACES = new Set([...SHELL, ...[...AREA_KEYS].map((k) => k.split('.')[0])]);

/**
 * Fails when the page shows a text's key instead of the text: any key under the shell's namespaces (a typo
 * too), or an area's key (an area whose texts did not come with the page).
 */
export async function expectNoRawKeys(page: Page, where: string) {
  const text = await page.locator('body').innerText();
  const raw = [...text.matchAll(/\b([A-Za-z]\w*)((?:\.[A-Za-z_]\w*)+)/g)]
    .filter(([key, ns]) => NAMESPACES.has(ns) && (SHELL.includes(ns) || AREA_KEYS.has(key)))
    .map(([key]) => key);
  expect(raw, where).toEqual([]);
}

/**
 * The looks a page sweep checks: each language once and each width once. Chinese at a desktop's width is what
 * operators use most; English at a phone's width is where a layout breaks first (its words are the longer ones).
 * The two crossed looks added a quarter of the end-to-end time each (docs/DECISIONS.md, "Two looks per sweep").
 */
export const LOOKS = [
  ['zh-CN', 1440],
  ['en-US', 390],
] as const;

/**
 * In `locale`'s look (LOOKS): every page of `pages` ([name, path]) opened as from the menu, a screenshot
 * `<prefix>-<name>-<locale>-<width>`, and none scrolling sideways (a pixel of rounding allowed).
 */
export async function screenshotEveryPage(
  page: Page,
  prefix: string,
  locale: string,
  pages: readonly (readonly [string, string])[],
) {
  const width = LOOKS.find(([l]) => l === locale)?.[1] ?? 1440;
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  for (const [name, path] of pages) {
    await visit(page, path);
    await screenshot(page, `${prefix}-${name}-${locale}-${width}`);
    expect(await sidewaysScroll(page), `${name} overflows horizontally at ${width} px`).toBeLessThanOrEqual(1);
  }
}

/** Each table page ([name, path, table test id]) once its first row is in: a screenshot, no sideways scroll. */
export async function screenshotTables(
  page: Page,
  prefix: string,
  suffix: string,
  pages: readonly (readonly [string, string, string])[],
) {
  for (const [name, path, table] of pages) {
    await visit(page, path);
    await page.getByTestId(table).locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
    await screenshot(page, `${prefix}-${name}-${suffix}`);
    expect(await sidewaysScroll(page), `${name} overflows horizontally`).toBeLessThanOrEqual(0);
  }
}
