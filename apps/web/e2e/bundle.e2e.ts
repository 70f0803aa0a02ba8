import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, openPage } from './browser';

// The global setup built the console into dist/ (with its Vite manifest); this reads that build.
const DIST = path.resolve(import.meta.dirname, '../dist');
/** Issue 12: the JS of /login's first load (index.html's entry, its static imports, its modulepreloads). */
const FIRST_LOAD_BUDGET = 250 * 1000;
/** Libraries only pages behind the login use; none may reach the first load. */
const HEAVY = /echarts|leaflet|mqtt|exceljs|zod|hls|mpegts/i;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest: Manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));

/** What the server sends to a gzip-only browser: the .gz the build wrote beside the asset. */
function gzipped(file: string): number {
  const gz = path.join(DIST, `${file}.gz`);
  return existsSync(gz) ? readFileSync(gz).length : gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
}

/** The chunk and every chunk it imports statically (the browser fetches them before running it). */
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, into);
  return into;
}

/** A chunk's name without its content hash (a hash such as "CCzOdJHy" may spell a library's name by chance). */
const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const sum = (keys: Iterable<string>) => [...keys].reduce((t, k) => t + gzipped(manifest[k].file), 0);

describe('bundle budget: what /login loads', () => {
  const entry = closure('index.html');
  const firstLoad = sum(entry);
  const loginKey = Object.keys(manifest).find((k) => /src\/pages\/login\/index\.tsx$/.test(k));

  it('keeps the first load of JS within 250 KB gzipped, without the heavy libraries', () => {
    const rows = [...entry].map((k) => [manifest[k].file, gzipped(manifest[k].file)] as const);
    rows.sort((a, b) => b[1] - a[1]);
    console.log(
      `[bundle] /login first load: ${kb(firstLoad)} gzipped in ${rows.length} files (budget ${kb(FIRST_LOAD_BUDGET)})\n${rows
        .map(([f, n]) => `  ${kb(n).padStart(9)}  ${f}`)
        .join('\n')}`,
    );
    expect(firstLoad).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    expect(rows.map(([f]) => f).filter((f) => HEAVY.test(chunkName(f)))).toEqual([]);
    expect(manifest['index.html'].file).toMatch(/^assets\/index-[\w-]+\.js$/);
  });

  it("reports each page's own chunk and what it adds to the first load", () => {
    expect(loginKey, 'the login page is a lazy chunk').toBeDefined();
    const pages = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry && c.src?.includes('src/pages/'));
    expect(pages.length).toBeGreaterThan(10);
    const rows = pages.map(([key, c]) => {
      const added = [...closure(key)].filter((k) => !entry.has(k));
      return { page: c.src!.replace(/^src\/pages\//, ''), own: gzipped(c.file), added: sum(added) };
    });
    rows.sort((a, b) => b.added - a.added);
    console.log(
      `[bundle] page chunks (gzipped: own chunk / with the shared chunks it adds to the first load)\n${rows
        .map((r) => `  ${kb(r.own).padStart(9)} ${kb(r.added).padStart(9)}  ${r.page}`)
        .join('\n')}`,
    );
    const login = rows.find((r) => r.page.startsWith('login/'))!;
    console.log(`[bundle] /login with its page chunk: ${kb(firstLoad + login.added)}`);
  });
});

/** Issue 14: the consumer pages /OC and /TC are their own entry: at most 150 KB of gzipped JS, nothing of the console. */
const PUBLIC_TRACE_BUDGET = 150 * 1000;
const CONSOLE_ONLY = /antd|i18next|echarts|leaflet|mqtt|exceljs|zod|hls|mpegts|react-query|zustand|dayjs/i;

describe('bundle budget: what /OC and /TC load', () => {
  it('keeps the public trace entry within 150 KB gzipped, without console libraries', () => {
    const keys = [...closure('public-trace.html')];
    const total = sum(keys);
    console.log(
      `[bundle] /OC first load: ${kb(total)} gzipped in ${keys.length} files (budget ${kb(PUBLIC_TRACE_BUDGET)})`,
    );
    expect(total).toBeLessThanOrEqual(PUBLIC_TRACE_BUDGET);
    for (const k of keys) expect(chunkName(manifest[k].file), k).not.toMatch(CONSOLE_ONLY);
    expect(keys.some((k) => k.includes('node_modules/antd') || k.includes('src/i18n/'))).toBe(false);
  });
});

describe('serving the build', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends hashed assets pre-compressed and immutable, index.html revalidated', async () => {
    const entryFile = `/${manifest['index.html'].file}`;
    const asset = await fetch(`${baseURL()}${entryFile}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('vary')).toMatch(/accept-encoding/i);
    const gz = await fetch(`${baseURL()}${entryFile}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const page = await fetch(`${baseURL()}/login`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain(entryFile);
  });

  it('loads in Chromium only the first-load chunks and the login page chunk on /login', async () => {
    const { context, page, problems } = await openPage(browser);
    const scripts: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/')) scripts.push(url.pathname.slice(1));
    });
    await page.goto('/login');
    await page.locator('input[type="password"]').waitFor();
    const allowed = new Set(
      [...closure('index.html'), ...closure(Object.keys(manifest).find((k) => k.includes('src/pages/login/'))!)].map(
        (k) => manifest[k].file,
      ),
    );
    expect(scripts.filter((f) => !allowed.has(f))).toEqual([]);
    expect(scripts.filter((f) => HEAVY.test(chunkName(f)))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
