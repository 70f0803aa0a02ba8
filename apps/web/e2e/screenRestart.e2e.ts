import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DeviceWithSecret, deviceTopic } from '@farmpark/contracts';
import mqtt from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, screenshot } from './browser';
import { type OwnServer, startOwnServer } from './ownServer';
import { DEMO_PASSWORD } from './session';

// The screen outlives its server: this file starts a server of its own (its own data directory and
// ports, so the shared demo server of the other files is never restarted), opens the dark screen,
// stops the server and starts it again on the same ports and data, and watches the screen say it is
// stale and then come back by itself, without a reload, with a reading sent after the restart.
const SERIAL = 'E2E-RESTART-SS-1';
let browser: Browser;
let server: OwnServer | null = null;
let context: BrowserContext;
let page: Page;
const own = { dataDir: '', port: 0, mqttPort: 0 };
let device: DeviceWithSecret;

// The first start on a copy of the demo `npm test` seeded (E2E_DEMO_DATA), if any; the restart on what it left.
let seededFrom = process.env.E2E_DEMO_DATA || undefined;
const start = async () => {
  server = await startOwnServer({ ...own, seededFrom, readyTimeoutMs: 120_000 });
  // the restart on the same ports, so the open screen finds its server again where it was
  own.port = server.port;
  own.mqttPort = server.mqttPort;
  seededFrom = undefined;
};
const call = async <T>(url: string, token?: string, body?: URLSearchParams | object) => {
  const json = body !== undefined && !(body instanceof URLSearchParams);
  const res = await fetch(`${server?.baseURL}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { AuthToken: token } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as URLSearchParams | undefined),
  });
  const out = (await res.json()) as { code: number; msg: string; data: T };
  if (out.code !== 0) throw new Error(`${url}: ${out.code} ${out.msg}`);
  return out.data;
};

beforeAll(async () => {
  own.dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmpark-e2e-restart-'));
  await start();
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (own.dataDir) rmSync(own.dataDir, { recursive: true, force: true });
});

async function publishReading(soilMoisture10: number) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${own.mqttPort}`, {
    username: SERIAL,
    password: device.secret,
    clientId: `${SERIAL}-${Date.now()}`,
  });
  const msg = { readings: [{ ts: Date.now(), values: { soilMoisture10 } }] };
  await client.publishAsync(deviceTopic.telemetry(SERIAL), JSON.stringify(msg), { qos: 1 });
  await client.endAsync();
}

it('the screen says it is stale while the server is down and recovers by itself after the restart', async () => {
  const base = server?.baseURL ?? '';
  const token = await call<string>(
    '/api/merchant/login/loginByPassword',
    undefined,
    new URLSearchParams({ loginName: 'demo', loginPwd: DEMO_PASSWORD }),
  );
  // a soil station of the test's own in the first demo park, not placed: a row of its own on the screen
  device = await call<DeviceWithSecret>('/api/merchant/device/addDevice', token, {
    serial: SERIAL,
    deviceClass: 'soilStation',
    deviceName: SERIAL,
    groupId: 1,
  });
  context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addCookies([{ name: 'ag_merchant_token', value: token, url: base }]);
  page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/large-screen');
  const screenEl = page.getByTestId('large-screen');
  await screenEl.waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="screen-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
  await expect.poll(() => screenEl.getAttribute('data-fresh'), { timeout: 15_000 }).toBe('live');
  await page.evaluate(() => {
    (window as unknown as { restartMark: number }).restartMark = 1;
  });

  await server?.stop();
  server = null;
  await expect.poll(() => screenEl.getAttribute('data-fresh'), { timeout: 15_000 }).toBe('offline');
  expect(await page.getByTestId('screen-freshness').innerText()).toContain('正在重连');
  await screenshot(page, 'screen-restart-offline-zh-CN-1366x768');

  await start();
  // mqtt.js tries again every 10 s (SPEC §9); the session is kept in the database, so it still holds
  await expect.poll(() => screenEl.getAttribute('data-fresh'), { timeout: 40_000 }).toBe('live');
  const row = page.locator(`[data-testid="screen-soil-row"][data-name="${SERIAL}"]`);
  // a reading after the restart arrives live (and the panels reloaded when the link came back)
  await expect
    .poll(
      async () => {
        await publishReading(41.5);
        return row.getAttribute('data-value');
      },
      { timeout: 20_000, interval: 2_000 },
    )
    .toBe('41.5');
  expect(await page.evaluate(() => (window as unknown as { restartMark?: number }).restartMark)).toBe(1);
  await screenshot(page, 'screen-restart-recovered-zh-CN-1366x768');
  expect(pageErrors).toEqual([]);
}, 150_000);
