import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/demo/data';
import { log } from './args';
import { p95 } from './videoLatency';

const ROOT = join(import.meta.dirname, '..');

/**
 * The console built for this run in its own directory: apps/web/dist belongs to the e2e runs (their
 * setup rebuilds it under a lock), so a benchmark neither holds that lock nor races a rebuild.
 */
export function buildConsole(): string {
  const webDist = join(mkdtempSync(join(tmpdir(), 'farmpark-bench-wall-')), 'web');
  log('building the console');
  execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(ROOT, 'apps/web'),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return webDist;
}

export interface WallCamera {
  id: number;
  online: boolean;
  enabled: boolean;
  kind: string | null;
  ptz: boolean;
}

/**
 * A 9-tile wall in Chromium: the live page at 1920 px, split 9, then each online camera picked in the
 * tree in turn (a pick fills the next free tile) and timed in the page from the click to the tile's
 * first decoded frame (readyState >= 2). Streams start cold: nobody watched these cameras before. `then`
 * measures more on the playing wall (tile i shows cams[i]) before the browser closes.
 */
export async function wallFirstFrames(
  base: string,
  then?: (page: Page, cams: WallCamera[], token: string) => Promise<void>,
): Promise<{ samples: number[]; p95Ms: number | null }> {
  const res = await fetch(`${base}/api/merchant/login/loginByPassword`, {
    method: 'POST',
    body: new URLSearchParams({ loginName: 'demo', loginPwd: DEMO_PASSWORD }),
  });
  const token = ((await res.json()) as { data: string }).data;
  const list = (await (
    await fetch(`${base}/api/merchant/video/camera/list`, { headers: { AuthToken: token } })
  ).json()) as { data: WallCamera[] };
  const cams = list.data.filter((c) => c.online && c.enabled && c.kind).slice(0, 9);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // biome-ignore format: one flag per line reads worse
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const samples: number[] = [];
  try {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1920, height: 1080 },
      locale: 'zh-CN',
    });
    await context.addCookies([{ name: 'ag_merchant_token', value: token, url: base }]);
    const page = await context.newPage();
    await page.goto('/videoEqui/video');
    await page.getByTestId('wall-split').getByText('9', { exact: true }).click();
    for (const [i, cam] of cams.entries()) {
      const node = page.getByTestId(`camera-node-${cam.id}`);
      await node.waitFor();
      // timed inside the page: from the click event to the tile's first frame
      // a string, not a function: tsx would wrap named inner functions in a helper the page lacks
      const wait = page.evaluate<number>(`new Promise((resolve) => {
        const t0 = performance.now();
        const tick = () => {
          const v = document.querySelector('[data-testid="tile-video-${i}"]');
          if (v && v.readyState >= 2) return resolve(performance.now() - t0);
          // a tile with no picture in 30 s counts as 30 s: the run goes on to the other tiles
          if (performance.now() - t0 > 30000) return resolve(30000);
          requestAnimationFrame(tick);
        };
        tick();
      })`);
      await node.click();
      const ms = await wait;
      samples.push(Math.round(ms));
      const mode = await page.getByTestId(`tile-${i}`).getAttribute('data-live-mode');
      log(`tile ${i + 1}: camera ${cam.id} first frame after ${Math.round(ms)} ms (${mode})`);
    }
    await then?.(page, cams, token);
    await context.close();
  } finally {
    await browser.close();
  }
  return { samples, p95Ms: samples.length ? p95(samples) : null };
}
