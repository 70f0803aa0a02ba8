import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/demo/data';
import { spawnServer } from '../apps/server/src/test/spawnServer';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A demo server of a benchmark's own with the console built into its data directory, and Chromium signed in
 * as the demo merchant. Built apart because apps/web/dist belongs to the e2e runs (their setup rebuilds it
 * under a lock), and a long run must not hold that lock nor race a rebuild.
 */
export async function openConsole(name: string, log: (s: string) => void, viewport = { width: 1920, height: 1080 }) {
  const dataDir = mkdtempSync(join(tmpdir(), `farmpark-bench-${name}-`));
  const webDist = join(dataDir, 'web');
  log('building the console');
  execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(ROOT, 'apps/web'),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = await spawnServer(dataDir, { DEMO: 'true', WEB_DIST: webDist });
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const login = await fetch(`${base}/api/merchant/login/loginByPassword`, {
    method: 'POST',
    body: new URLSearchParams({ loginName: 'demo', loginPwd: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: string }).data;
  const context: BrowserContext = await browser.newContext({
    baseURL: base,
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addCookies([{ name: 'ag_merchant_token', value: token, url: base }]);
  const page: Page = await context.newPage();
  const close = async () => {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { page, context, close };
}
