import type { AlarmRecord, IrrigationMachine, IrrigationRun, Paged } from '@farmpark/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, screenshot } from './browser';
import { addAlarmRule, api, apiLogin, jsonBody, login, startsBackToBack } from './session';
import { addTestDevice, type TestDevice } from './testDevice';

// Demo park 1 as the admin sees it: a weather station of the test's own gets a rule that fires on the
// reading the test sends once the page is open, and the park's water-fertiliser machine runs for a while,
// so the home page has an active alarm to acknowledge and a run going on now.
const PARK = 1;
const RULE = '首页测试告警';

let browser: Browser;
let token: string;
let ruleId = 0;
let runId = 0;
let station: TestDevice | null = null;

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  const machines = await api<IrrigationMachine[]>(`/api/merchant/irrigation/getMachineList?groupId=${PARK}`, token);
  station = await addTestDevice(token, {
    serial: 'E2E-HOME-WS-1',
    deviceClass: 'weatherStation',
    deviceName: '首页测试气象站',
    groupId: PARK,
  });
  ruleId = await addAlarmRule(token, {
    groupId: PARK,
    name: RULE,
    deviceId: station.deviceId,
    condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: -60 },
    severity: 'critical',
  });
  const wf = machines.data.find((m) => m.serial === 'DF-WF-0001');
  if (wf) await startsBackToBack(token, wf.deviceId);
  const run = await api<IrrigationRun>(
    '/api/merchant/irrigation/startRun',
    token,
    jsonBody({ deviceId: wf?.deviceId, zones: [1], durationMin: 10 }),
  );
  if (run.code !== 0) throw new Error(`startRun: ${run.msg}`);
  runId = run.data.runId;
}, 120_000);

afterAll(async () => {
  if (runId) await api('/api/merchant/irrigation/stopRun', token, jsonBody({ runId }));
  if (ruleId) await api('/api/merchant/alarm/removeAlarmRule', token, jsonBody({ id: [ruleId] }));
  await station?.remove();
  await browser?.close();
});

/** Signs in with every API answer's code recorded, to prove the page asked for nothing it may not see. */
async function signedIn(user: string, opts: { width?: number; locale?: 'zh-CN' | 'en-US' } = {}) {
  const width = opts.width ?? 1440;
  const opened = await openPage(browser, { width, height: width < 500 ? 844 : 900, locale: opts.locale });
  await opened.context.addInitScript((lng) => localStorage.setItem('ag_merchant_lang', lng), opts.locale ?? 'zh-CN');
  const codes: { url: string; code: number }[] = [];
  opened.page.on('response', async (res) => {
    if (!res.url().includes('/api/') || !(res.headers()['content-type'] ?? '').includes('json')) return;
    const body = (await res.json().catch(() => null)) as { code?: number } | null;
    if (typeof body?.code === 'number') codes.push({ url: res.url(), code: body.code });
  });
  await login(opened.page, user, undefined, '/dashboard');
  await opened.page.getByTestId('park-card').waitFor();
  return { ...opened, codes };
}

const numberIn = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).locator('.ant-statistic-content-value').first().innerText()).trim());

describe('home page', () => {
  it('shows the admin every widget with live demo data and acknowledges an active alarm in place', async () => {
    const { page, context, problems, codes } = await signedIn('demo');
    for (const id of ['device-counts', 'home-weather', 'home-soil', 'home-pests', 'home-irrigation', 'home-alarms'])
      await page.getByTestId(id).waitFor();
    expect(await page.getByTestId('home-later').count()).toBe(0);
    expect(await numberIn(page, 'device-counts')).toBeGreaterThan(0);
    // online counts come from the live configuration of each class
    await page.getByTestId('device-counts').locator('.ant-badge-status-success').first().waitFor();
    await page.getByTestId('home-weather').locator('.ant-statistic').first().waitFor();
    expect(await page.getByTestId('home-weather').locator('.ant-statistic-content-value').first().innerText()).not.toBe(
      '—',
    );
    // the traps' catches: the pictures the demo traps send are analysed as they arrive, so the numbers
    // are asserted by the layout runs below, a little later
    await page.getByTestId('home-pests').locator('.ant-skeleton').waitFor({ state: 'detached' });

    // the run started above, with its water counted live
    const run = page.locator(`[data-testid="home-run"][data-run-id="${runId}"]`);
    await run.waitFor({ timeout: 20_000 });
    await expect.poll(() => run.innerText(), { timeout: 30_000 }).toMatch(/\d+\.\d\d m³/);

    // the rule fires on the station's reading and the alarm arrives without a reload
    await station?.publish({ airTemp: 18.5 });
    const alarm = page.locator('[data-testid="home-alarm"]', { hasText: RULE }).first();
    await alarm.waitFor({ timeout: 40_000 });
    const alarmId = Number(await alarm.getAttribute('data-alarm-id'));
    await screenshot(page, 'home-admin-zh-CN-1440');
    await page.getByTestId('home-irrigation').scrollIntoViewIfNeeded();
    await screenshot(page, 'home-admin-zh-CN-1440-lower');
    await alarm.getByTestId('home-ack').click();
    await page.getByTestId('ack-comment').fill('首页确认');
    await page.getByTestId('ack-confirm').click();
    await page.locator(`[data-testid="home-alarm"][data-alarm-id="${alarmId}"]`).waitFor({ state: 'detached' });
    const after = await api<Paged<AlarmRecord>>(
      `/api/merchant/alarm/getAlarmList?groupId=${PARK}&pageNum=1&pageSize=50`,
      token,
    );
    expect(after.data.list.find((a) => a.id === alarmId)).toMatchObject({
      state: 'acknowledged',
      ackComment: '首页确认',
    });

    expect(codes.filter((c) => c.code !== 0)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('gives the restricted operator only the widgets of its pages, with no permission error', async () => {
    const { page, context, problems, codes } = await signedIn('operator');
    for (const id of ['device-counts', 'home-weather', 'home-soil', 'home-irrigation', 'home-alarms'])
      await page.getByTestId(id).waitFor();
    // no pest statistics page in the operator's role: no widget, and no request for it
    // every widget loaded (its requests answered); live refetches keep the network busy, so no networkidle
    await page.locator('[data-testid="dashboard"] .ant-skeleton').first().waitFor({ state: 'detached' });
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('home-pests').count()).toBe(0);
    expect(codes.filter((c) => c.code === 1004)).toEqual([]);
    expect(codes.some((c) => c.url.includes('/pest/'))).toBe(false);
    expect(await page.locator('.ant-message-error, .ant-notification-notice-error').count()).toBe(0);
    await screenshot(page, 'home-operator-zh-CN-1440');
    await page.getByTestId('home-irrigation').scrollIntoViewIfNeeded();
    await screenshot(page, 'home-operator-zh-CN-1440-lower');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('gives a role made with no monitoring page the park card and devices only, with no permission error', async () => {
    const role = await api<{ roleId: number }>(
      '/api/merchant/role/addRole',
      token,
      jsonBody({ roleName: '仅园区查看', permitUrls: ['/park/parkInfo', '/videoEqui/video'] }),
    );
    expect(role.code, role.msg).toBe(0);
    const user = await api(
      '/api/merchant/user/addSysUser',
      token,
      jsonBody({
        userName: '园区查看员',
        phone: '13800000077',
        roleId: role.data.roleId,
        groupIds: [PARK],
        loginName: 'homeviewer',
        loginPwd: 'demo123456',
      }),
    );
    expect(user.code, user.msg).toBe(0);
    const { page, context, problems, codes } = await signedIn('homeviewer');
    await page.getByTestId('device-counts').waitFor();
    await page.waitForTimeout(1_000);
    for (const id of ['home-alarms', 'home-weather', 'home-soil', 'home-irrigation', 'home-pests'])
      expect(await page.getByTestId(id).count(), id).toBe(0);
    // its cameras' live status is its own; every other class shows its count alone
    expect(await page.getByTestId('count-camera').locator('.ant-badge').count()).toBe(2);
    expect(await page.getByTestId('count-weatherStation').locator('.ant-badge').count()).toBe(0);
    expect(codes.filter((c) => c.code !== 0)).toEqual([]);
    expect(await page.locator('.ant-message-error, .ant-notification-notice-error').count()).toBe(0);
    await screenshot(page, 'home-no-monitoring-zh-CN-1440');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  // the other look of LOOKS (zh-CN at 1440 px is the test above)
  for (const [locale, width] of [['en-US', 390]] as const) {
    it(`lays the home page out in ${locale} at ${width} px`, async () => {
      const { page, context, problems } = await signedIn('demo', { locale, width });
      await page.getByTestId('home-weather').locator('.ant-statistic').first().waitFor();
      await page.locator('[data-testid="home-pest-chart"][data-rendered]').waitFor({ timeout: 30_000 });
      expect(await numberIn(page, 'home-pest-total')).toBeGreaterThan(0);
      if (width < 500) {
        // one column: every card as wide as the page content
        const boxes = await page
          .locator('[data-testid="dashboard"] > .ant-col')
          .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
        expect(new Set(boxes).size).toBe(1);
      }
      await screenshot(page, `home-admin-${locale}-${width}`);
      await page.getByTestId('home-pests').scrollIntoViewIfNeeded();
      await screenshot(page, `home-admin-${locale}-${width}-lower`);
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
