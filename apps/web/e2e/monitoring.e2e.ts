import { type DeviceWithSecret, deviceTopic, paramDef } from '@farmpark/contracts';
import { createDevice, generateHistory, type VirtualDevice } from '@farmpark/simulator';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { downloadText, launch, pickOption, screenshot, screenshotEveryPage } from './browser';
import { api, apiLogin, LOOKS, signedInPage } from './session';

// The demo park 1 has one device of each class. These tests give the weather station, soil station,
// control cabinet and lamp credentials, backfill a year of weather history through MQTT like a device
// that was offline, and run them as simulated devices so pages show live data.
const DEVICES = { weather: 5, soil: 6, cabinet: 9, lamp: 10 } as const;
const DAY = 86_400_000;
const HOUR = 3_600_000;

let browser: Browser;
let token: string;
const live: Record<string, VirtualDevice> = {};
const creds: Record<string, { serial: string; secret: string; deviceClass: string; deviceName: string }> = {};

async function credentials(deviceId: number) {
  const r = await api<DeviceWithSecret>('/api/merchant/device/regenerateDeviceSecret', token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId }),
  });
  if (r.code !== 0) throw new Error(`regenerateDeviceSecret ${deviceId}: ${r.msg}`);
  return {
    serial: r.data.device.serial,
    secret: r.data.secret,
    deviceClass: r.data.device.deviceClass,
    deviceName: r.data.device.deviceName,
  };
}

async function backfillYear(c: { serial: string; secret: string; deviceClass: string }) {
  const brokerUrl = `mqtt://127.0.0.1:${inject('mqttPort')}`;
  const client = await mqtt.connectAsync(brokerUrl, {
    username: c.serial,
    password: c.secret,
    clientId: `${c.serial}-backfill`,
  });
  const now = Date.now();
  const spec = { serial: c.serial, deviceClass: c.deviceClass as 'weatherStation' };
  for (const readings of generateHistory(spec, now - 366 * DAY, now - HOUR, HOUR)) {
    await client.publishAsync(deviceTopic.telemetry(c.serial), JSON.stringify({ readings }), { qos: 1 });
  }
  await client.endAsync();
}

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  for (const [name, id] of Object.entries(DEVICES)) creds[name] = await credentials(id);
  await backfillYear(creds.weather);
  const brokerUrl = `mqtt://127.0.0.1:${inject('mqttPort')}`;
  for (const [name, c] of Object.entries(creds)) {
    const device = createDevice({
      serial: c.serial,
      secret: c.secret,
      deviceClass: c.deviceClass as 'weatherStation',
      brokerUrl,
      telemetryIntervalMs: 2_000,
      ackDelayMs: [200, 500],
    });
    await device.start();
    live[name] = device;
  }
}, 180_000);

afterAll(async () => {
  for (const d of Object.values(live)) await d.stop();
  await browser?.close();
});

const onlineCard = (page: Page, deviceId: number) =>
  page.locator(`[data-testid="device-card-${deviceId}"][data-online="true"]`);

describe('monitoring consoles', () => {
  it('weather real-time: a live reading changes a tile without reload', async () => {
    const { page, context, problems } = await signedInPage(browser, {
      path: '/outdoorsEquipment/weatherWatches/realTimeData',
    });
    await onlineCard(page, DEVICES.weather).waitFor({ timeout: 20_000 });
    const tile = page.getByTestId(`device-card-${DEVICES.weather}`).getByTestId('tile-airTemp');
    const before = await tile.getAttribute('data-changed');
    await expect
      .poll(async () => tile.getAttribute('data-changed'), { timeout: 20_000, interval: 250 })
      .not.toBe(before);
    expect(await tile.getByTestId('tile-value-airTemp').innerText()).toMatch(/-?\d+\.\d\s*°C/);
    await tile.click();
    await page.locator('.ant-modal [data-testid="trend-chart"][data-rendered="true"]').waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  // How fast a year is drawn is bench:chart's (a bound measured apart from the suite's load).
  it('weather history: a year of readings is drawn; CSV export has the table rows', async () => {
    const { page, context, problems } = await signedInPage(browser, {
      path: '/outdoorsEquipment/weatherWatches/historicalData',
    });
    await page.locator('[data-testid="trend-chart"][data-rendered="true"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('range-picker').first().click();
    const response = page.waitForResponse((r) => r.url().includes('/terminal/data/getSeries'));
    await page.locator('.ant-picker-presets li').last().click();
    await response;
    await page.locator('[data-testid="trend-chart"][data-rendered="true"]').waitFor({ timeout: 20_000 });
    expect(Number(await page.getByTestId('trend-chart').getAttribute('data-points'))).toBeGreaterThan(300);

    // Table over the last 7 days, then export exactly that.
    await page.getByTestId('range-picker').first().click();
    await page.locator('.ant-picker-presets li').nth(1).click();
    await page.getByTestId('history-view').getByText('表格').click();
    const total = page.locator('.ant-pagination-total-text');
    await total.waitFor();
    const rows = Number((await total.innerText()).replace(/\D/g, ''));
    expect(rows).toBeGreaterThan(100);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const lines = (await downloadText(await download)).trim().split('\n');
    // Rows may have arrived between the count and the export (the station is live): never fewer.
    expect(lines.length - 1).toBeGreaterThanOrEqual(rows);
    expect(lines.length - 1).toBeLessThan(rows + 20);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('control cabinet: the fan switched from the page is confirmed by the device and recorded; a refusal shows its reason', async () => {
    const { page, context, problems } = await signedInPage(browser, { path: '/envControl/ehc/realTimeData' });
    await onlineCard(page, DEVICES.cabinet).waitFor({ timeout: 20_000 });
    // the park has two cabinets: act on the one this test drives
    const card = page.getByTestId(`actuators-${DEVICES.cabinet}`);
    const fan = card.getByTestId('switch-fan');
    await expect.poll(() => fan.getAttribute('data-checked'), { timeout: 10_000 }).not.toBe('unknown');
    const wasOn = (await fan.getAttribute('data-checked')) === 'true';
    await fan.click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定执行' }).click();
    const outcome = card.getByTestId('switch-fan-outcome');
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 5_000 }).toMatch(/sending|succeeded/);
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 20_000 }).toBe('succeeded');
    expect(live.cabinet.state.fan).toBe(wasOn ? 0 : 1);
    await expect.poll(() => fan.getAttribute('data-checked'), { timeout: 10_000 }).toBe(String(!wasOn));

    live.cabinet.setFault('风机过载保护');
    await fan.click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定执行' }).click();
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 20_000 }).toBe('failed');
    expect(await outcome.innerText()).toContain('风机过载保护');
    expect(await fan.getAttribute('data-checked')).toBe(String(!wasOn));
    live.cabinet.setFault(null);

    await page.goto('/envControl/ehc/operationRecord');
    const table = page.getByTestId('record-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const first = await table.locator('tbody tr.ant-table-row').nth(0).innerText();
    const second = await table.locator('tbody tr.ant-table-row').nth(1).innerText();
    expect(first).toContain('demo');
    expect(first).toContain('风机');
    expect(first).toContain('执行失败');
    expect(first).toContain('风机过载保护');
    expect(second).toContain('执行成功');
    expect(second).toMatch(/\d+ ms/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('control cabinet: an automation rule made on the page switches the fan by itself, confirmed by the device and recorded as a rule', async () => {
    // start from a fan that is off, so the rule's switch is visible
    const off = await api('/api/merchant/command/sendCommand', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: DEVICES.cabinet, name: 'setActuator', params: { actuator: 'fan', on: false } }),
    });
    expect(off.code).toBe(0);
    await expect.poll(() => live.cabinet.state.fan, { timeout: 20_000 }).toBe(0);

    const { page, context, problems } = await signedInPage(browser, { path: '/envControl/ehc/realTimeData' });
    await onlineCard(page, DEVICES.cabinet).waitFor({ timeout: 20_000 });
    const fan = page.getByTestId(`actuators-${DEVICES.cabinet}`).getByTestId('switch-fan');
    await expect.poll(() => fan.getAttribute('data-checked'), { timeout: 10_000 }).toBe('false');

    const rules = page.getByTestId('automation-rules');
    await rules.getByTestId('automation-add').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('automation-form') });
    const pick = (testId: string, option: string) => pickOption(page, dialog, testId, option);
    // saving empty shows what is missing, in the console's language
    await dialog.getByTestId('automation-save').click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').allInnerTexts()).toContain('请填写规则名称');
    expect(await dialog.locator('.ant-form-item-explain-error').allInnerTexts()).toContain(
      '请至少选择一个触发时要开关的执行设备',
    );

    // a limit just under the cabinet's live reading: the rule fires on the next reading
    const limit = Math.floor(live.cabinet.state.airTemp - 1);
    await dialog.getByTestId('automation-name').fill('高温开风机（e2e）');
    await pick('automation-cabinet', creds.cabinet.deviceName);
    await pick('automation-key', paramDef('envCabinet', 'airTemp')?.zh as string);
    await dialog.getByTestId('automation-value').fill(String(limit));
    await pick('automation-fire-on', paramDef('envCabinet', 'fan')?.zh as string);
    await page.keyboard.press('Escape');
    await dialog.getByTestId('automation-save').click();
    // a dialog still open says why (a field message or the server's refusal)
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 }).catch(async () => {
      throw new Error(`the rule dialog stayed open: ${await dialog.innerText()}`);
    });

    const card = rules.locator('[data-testid^="automation-rule-"]').filter({ hasText: '高温开风机（e2e）' });
    await card.waitFor();
    // nobody touches the switch: the rule sends the command, the cabinet obeys and reports the fan on
    await expect.poll(() => fan.getAttribute('data-checked'), { timeout: 30_000 }).toBe('true');
    expect(live.cabinet.state.fan).toBe(1);
    await expect.poll(() => card.getByTestId('automation-state').innerText(), { timeout: 15_000 }).toBe('正在执行');
    expect(await card.getByTestId('automation-last-fired').innerText()).toMatch(/\d{4}-\d{2}-\d{2}/);
    await card.getByText('最近指令').click();
    await expect
      .poll(() => card.locator('[data-testid^="automation-activity-"]').innerText(), { timeout: 15_000 })
      .toContain('执行成功');

    // the rules card with a live rule, in both looks
    for (const [locale, width] of LOOKS) {
      if (locale === 'en-US') {
        await page.evaluate(() => localStorage.setItem('ag_merchant_lang', 'en-US'));
        await page.reload();
      }
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await screenshot(page, `automation-rules-${locale}-${width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `rules overflow at ${width} px`).toBeLessThanOrEqual(1);
    }
    await page.evaluate(() => localStorage.setItem('ag_merchant_lang', 'zh-CN'));
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/envControl/ehc/operationRecord');
    const table = page.getByTestId('record-table');
    const row = table.locator('tbody tr.ant-table-row').filter({ hasText: '自动规则' }).first();
    await row.waitFor({ timeout: 15_000 });
    const text = await row.innerText();
    expect(text).toContain('风机');
    expect(text).toContain('执行成功');
    expect(text).toContain('高温开风机（e2e）');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('insecticidal lamp: live state, switch confirmed by the lamp', async () => {
    const { page, context, problems } = await signedInPage(browser, {
      path: '/plantProtect/insecticidalLamp/realTimeData',
    });
    const card = page.getByTestId(`lamp-${DEVICES.lamp}`);
    await card.waitFor({ timeout: 20_000 });
    const sw = page.getByTestId(`lamp-switch-${DEVICES.lamp}`);
    await expect.poll(() => sw.getAttribute('data-checked'), { timeout: 10_000 }).not.toBe('unknown');
    const wasOn = (await sw.getAttribute('data-checked')) === 'true';
    await sw.click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定执行' }).click();
    await expect
      .poll(() => page.getByTestId(`lamp-switch-${DEVICES.lamp}-outcome`).getAttribute('data-state'), {
        timeout: 20_000,
      })
      .toBe('succeeded');
    expect(live.lamp.state.lamp).toBe(wasOn ? 0 : 1);
    await expect.poll(() => sw.getAttribute('data-checked'), { timeout: 10_000 }).toBe(String(!wasOn));
    expect(problems).toEqual([]);
    await context.close();
  });

  const PAGES: [string, string][] = [
    ['home', '/dashboard'],
    ['weather-realtime', '/outdoorsEquipment/weatherWatches/realTimeData'],
    ['weather-history', '/outdoorsEquipment/weatherWatches/historicalData'],
    ['weather-analysis', '/outdoorsEquipment/weatherWatches/dataAnalysis'],
    ['soil-realtime', '/outdoorsEquipment/moistureMonitoring/realTimeData'],
    ['soil-history', '/outdoorsEquipment/moistureMonitoring/historicalData'],
    ['soil-analysis', '/outdoorsEquipment/moistureMonitoring/dataAnalysis'],
    ['env-realtime', '/outdoorsEquipment/ehc/realTimeData'],
    ['env-history', '/outdoorsEquipment/ehc/historicalData'],
    ['env-analysis', '/outdoorsEquipment/ehc/dataAnalysis'],
    ['ehc-realtime', '/envControl/ehc/realTimeData'],
    ['ehc-history', '/envControl/ehc/historicalData'],
    ['ehc-record', '/envControl/ehc/operationRecord'],
    ['ehc-analysis', '/envControl/ehc/dataAnalysis'],
    ['lamp', '/plantProtect/insecticidalLamp/realTimeData'],
  ];

  // One sign-in per language (logins are rate-limited per account); the viewport changes in place.
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`screenshots of every monitoring page (${locale} in its look) without console errors or overflow`, async () => {
      const { page, context, problems } = await signedInPage(browser, { locale });
      await screenshotEveryPage(page, 'monitoring', locale, PAGES);
      expect(problems).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
