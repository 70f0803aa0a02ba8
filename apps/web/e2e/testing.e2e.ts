import type { DeviceWithSecret } from '@farmpark/contracts';
import { createDevice, type VirtualDevice } from '@farmpark/simulator';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, openPage, pickOption, screenshot } from './browser';
import { api, apiLogin, signedInPage } from './session';

let browser: Browser;
let device: VirtualDevice | undefined;
let createdId: number | undefined;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await device?.stop();
  // the device this file registered goes again, so later files see the demo as it was
  if (createdId !== undefined) {
    const token = await apiLogin('demo');
    await api('/api/merchant/device/removeDevice', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: [createdId] }),
    });
  }
  await browser?.close();
});

const PARK = '寿光蔬菜高科技示范园';
const DEMO_VALVE = 'DF-VC-0001';

/** Records, in the page, when each message row first appeared (the page's own clock, like the server's here). */
async function recordArrivals(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __seen: Record<string, number> };
    w.__seen = {};
    const mark = () => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="testing-message"]')) {
        const seq = el.dataset.seq as string;
        if (!(seq in w.__seen)) w.__seen[seq] = Date.now();
      }
    };
    new MutationObserver(mark).observe(document.body, { childList: true, subtree: true });
  });
}

/** The first telemetry row measured after `after`: when the device took the reading and when the page showed it. */
async function telemetryAfter(page: Page, after: number, timeout: number) {
  const handle = await page.waitForFunction(
    (since) => {
      const w = window as unknown as { __seen: Record<string, number> };
      for (const el of document.querySelectorAll<HTMLElement>(
        '[data-testid="testing-message"][data-channel="telemetry"]',
      )) {
        const payload = JSON.parse(el.querySelector('pre')?.textContent ?? '{}') as { readings?: { ts: number }[] };
        const ts = payload.readings?.[0]?.ts ?? 0;
        const seq = el.dataset.seq as string;
        if (ts > since && w.__seen[seq]) return { ts, seenAt: w.__seen[seq], verdict: el.dataset.verdict };
      }
      return null;
    },
    after,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as { ts: number; seenAt: number; verdict: string };
}

describe('/testing, device debugging', () => {
  it('a console user watches a simulated device live (within a second) and sends it a command, seeing its acknowledgement', async () => {
    const { page, context, problems } = await signedInPage(browser);
    await page.goto('/testing');
    await page.getByTestId('testing-picker').waitFor();
    await pickOption(page, page, 'testing-park', PARK);
    await pickOption(page, page, 'testing-device', DEMO_VALVE);
    await page.getByTestId('testing-feed').locator('[class*="toolbar"]').waitFor({ timeout: 10_000 });
    await recordArrivals(page);
    const after = Date.now();

    // the demo valve controller reports every 10 s
    const shown = await telemetryAfter(page, after, 30_000);
    expect(shown.verdict).toBe('accepted');
    expect(shown.seenAt - shown.ts, 'from the reading to the page').toBeLessThan(1000);
    await screenshot(page, 'testing-console-zh-CN-1440');

    // a command from the form: close valve 1 (a no-op when closed, so the demo stays as it was)
    await page.getByTestId('testing-param-on').click();
    await page.getByTestId('testing-send').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定下发' }).click();
    const outcome = page.getByTestId('testing-outcome');
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 20_000 }).toBe('succeeded');
    const ack = page.locator('[data-testid="testing-message"][data-channel="ack"][data-verdict="accepted"]').first();
    await ack.waitFor();
    const cmdId = (JSON.parse((await ack.locator('pre').textContent()) ?? '{}') as { cmdId: string }).cmdId;
    const down = page.locator('[data-testid="testing-message"][data-channel="cmd"][data-direction="down"]', {
      hasText: cmdId,
    });
    await down.waitFor();
    expect(await down.locator('pre').textContent()).toContain('"on": false');
    await screenshot(page, 'testing-console-command-zh-CN-1440');

    // recorded by the one command service, as any other command
    const token = await apiLogin('demo');
    const record = await api<{ state: string; sourceRef: string; operator: string }>(
      `/api/merchant/command/getCommandDetail?cmdId=${cmdId}`,
      token,
    );
    expect(record.data).toMatchObject({ state: 'succeeded', sourceRef: 'testing', operator: 'demo' });

    // a phone-sized screen, in Chinese and in English (a tab signed in in that look)
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'testing-console-zh-CN-390');
    expect(problems).toEqual([]);
    await context.close();
    const en = await signedInPage(browser, { locale: 'en-US', width: 390 });
    await en.page.goto('/testing');
    await en.page.getByTestId('testing-picker').waitFor();
    await pickOption(en.page, en.page, 'testing-park', PARK);
    await pickOption(en.page, en.page, 'testing-device', DEMO_VALVE);
    await en.page.getByTestId('testing-feed').getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
    const width = await en.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
    await screenshot(en.page, 'testing-console-en-US-390');
    expect(en.problems).toEqual([]);
    await en.context.close();
  });

  it('an installer signs in with serial and secret, sees a refused message with its reason, and commands that device', async () => {
    const token = await apiLogin('demo');
    const parks = await api<{ groupId: number; groupName: string }[]>(
      '/api/merchant/group/getGroupAndDeviceAllList',
      token,
    );
    const groupId = parks.data.find((p) => p.groupName === PARK)?.groupId;
    const serial = `E2E-TST-${Date.now().toString(36)}`;
    const added = await api<DeviceWithSecret>('/api/merchant/device/addDevice', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serial, deviceClass: 'valveController', groupId, deviceName: 'E2E 调试阀门' }),
    });
    expect(added.code, added.msg).toBe(0);
    createdId = added.data.device.deviceId;
    const { secret } = added.data;
    const brokerUrl = `mqtt://127.0.0.1:${inject('mqttPort')}`;
    device = createDevice({ serial, secret, deviceClass: 'valveController', brokerUrl, telemetryIntervalMs: 2_000 });
    await device.start();

    const { page, context, problems } = await openPage(browser, { width: 390, height: 844, locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('ag_merchant_lang', 'en-US'));
    await page.goto('/testing');
    await page.getByTestId('testing-installer').waitFor();
    await page.getByTestId('testing-serial').fill(serial);
    await page.getByTestId('testing-secret').fill('wrong-secret');
    await page.getByTestId('testing-signin').click();
    await page.getByText('Wrong device serial or secret').waitFor();
    await page.getByTestId('testing-secret').fill(secret);
    await page.getByTestId('testing-signin').click();
    await page.getByTestId('testing-installer-session').waitFor();
    await recordArrivals(page);
    const shown = await telemetryAfter(page, Date.now(), 15_000);
    expect(shown.seenAt - shown.ts).toBeLessThan(1000);

    // a message the server refuses, from the device's own credentials: shown refused, with why
    const raw = await mqtt.connectAsync(brokerUrl, {
      clientId: `${serial}-raw`,
      username: serial,
      password: secret,
      reconnectPeriod: 0,
    });
    await raw.publishAsync(
      `dev/${serial}/up/telemetry`,
      JSON.stringify({ readings: [{ ts: Date.now(), values: { noSuchKey: 1 } }] }),
      { qos: 1 },
    );
    await raw.endAsync();
    const refused = page.locator('[data-testid="testing-message"][data-verdict="refused"]').first();
    await refused.waitFor({ timeout: 5_000 });
    expect(await refused.getByTestId('testing-refusal').innerText()).toContain('Not a parameter of this class');
    expect(await refused.getByTestId('testing-refusal').innerText()).toContain('noSuchKey');

    // raw JSON, checked against the protocol before anything is sent
    await page.getByTestId('testing-command-mode').getByText('Raw JSON').click();
    const editor = page.getByTestId('testing-command-raw');
    await editor.fill('{"name": "setValve", "params": {"valve": 9, "on": true}}');
    await page.getByTestId('testing-send').click();
    await page.getByText('Valve must be at most 4').waitFor();
    await editor.fill('{"name": "setValve", "params": {"valve": 2, "on": true}}');
    await page.getByTestId('testing-send').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Send' }).click();
    const outcome = page.getByTestId('testing-outcome');
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 20_000 }).toBe('succeeded');
    await expect.poll(() => device?.state.valve2, { timeout: 5_000 }).toBe(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
    await screenshot(page, 'testing-installer-en-US-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'testing-installer-en-US-1440');
    expect(problems).toEqual([]);
    await context.close();
  });
});
