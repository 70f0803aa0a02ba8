import type { GisPark, SystemLogEntry } from '@farmpark/contracts';
import { createDevice, type VirtualDevice } from '@farmpark/simulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, pickOption, screenshot, visit } from './browser';
import { api, apiLogin, LOOKS, signedInPage } from './session';

let browser: Browser;
let device: VirtualDevice | undefined;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await device?.stop();
  await browser?.close();
});

const PARK = '寿光蔬菜高科技示范园';
const SERIAL = 'E2E-WS-0001';
const NAME = 'E2E 气象站';

const choose = (page: Page, testId: string, option: string) => pickOption(page, page, testId, option);

describe('device management, GIS map and park map', () => {
  it('registers a device in the UI, connects it with the shown credentials, sees it online on the GIS map and under its park', async () => {
    const token = await apiLogin('demo');
    const gis = await api<GisPark[]>('/api/merchant/group-area-point/getGisMapList', token);
    const park = gis.data.find((p) => p.groupName === PARK)!;
    const near = park.devices[0];
    const lng = Number((near.longitude! + 0.0004).toFixed(6));
    const lat = Number((near.latitude! + 0.0003).toFixed(6));

    const { page, context, problems } = await signedInPage(browser, { path: '/system/device-mgt/index' });
    await page.locator('[data-testid="device-table"] tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'devices-list-zh-CN-1440');

    await page.getByTestId('device-create').click();
    await page.getByTestId('device-serial').fill(SERIAL);
    await page.getByTestId('device-name').fill(NAME);
    await choose(page, 'device-park', PARK);
    const form = page.getByTestId('device-form');
    await form.locator('.ant-form-item', { hasText: '经度' }).locator('input').fill(String(lng));
    await form.locator('.ant-form-item', { hasText: '纬度' }).locator('input').fill(String(lat));
    await page.getByTestId('device-save').click();

    // the credentials, shown once (if not, say what the form shows: a field message or the server's refusal)
    await page
      .getByTestId('credentials')
      .waitFor()
      .catch(async () => {
        throw new Error(`no credentials; the form shows: ${await form.innerText()}`);
      });
    const serial = (await page.getByTestId('cred-serial').innerText()).trim();
    const secret = (await page.getByTestId('cred-secret').innerText()).trim();
    const broker = (await page.getByTestId('cred-broker').innerText()).trim();
    expect(serial).toBe(SERIAL);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(broker).toBe(`mqtt://127.0.0.1:${inject('mqttPort')}`);
    expect(await page.getByTestId('cred-topic').innerText()).toBe(`dev/${SERIAL}/`);
    await screenshot(page, 'devices-credentials-zh-CN-1440');
    await page.getByTestId('cred-done').click();
    // the list pages by 20: find the new device by its serial
    await page.getByTestId('device-search').locator('input').first().fill(SERIAL);
    await page.getByTestId('device-search-submit').click();
    const row = page.getByTestId('device-table').locator('tr', { hasText: SERIAL });
    await row.waitFor();
    expect(await row.innerText()).toContain('离线');

    // connect with exactly what the dialog showed
    device = createDevice({
      serial,
      secret,
      deviceClass: 'weatherStation',
      brokerUrl: broker,
      telemetryIntervalMs: 2_000,
    });
    await device.start();

    // online on the GIS map, live (no reload)
    await page.goto('/system/GisMap');
    const list = await api<{ list: { deviceId: number; serial: string }[] }>(
      `/api/merchant/device/getDeviceList?keyword=${SERIAL}`,
      token,
    );
    const deviceId = list.data.list[0].deviceId;
    await choose(page, 'gis-park', PARK);
    const marker = page.getByTestId(`marker-${deviceId}`);
    await expect.poll(() => marker.getAttribute('data-color'), { timeout: 20_000 }).toBe('#52c41a');
    // markers of one park may overlap at this zoom: click this one's own element
    await marker.dispatchEvent('click');
    await page.getByTestId('gis-popup-values').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('gis-popup-values').innerText()).toMatch(/°C/);
    await screenshot(page, 'gis-map-zh-CN-1440');

    // its readings under its park's real-time page
    await page.goto('/outdoorsEquipment/weatherWatches/realTimeData');
    await page.locator(`[data-testid="device-card-${deviceId}"][data-online="true"]`).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId(`device-card-${deviceId}`).innerText()).toContain(NAME);

    // the system log shows the registration with operator and address
    const log = await api<{ list: SystemLogEntry[] }>(
      '/api/merchant/systemLog/getSystemLogList?pageNum=1&pageSize=50&action=device.add',
      token,
    );
    const entry = log.data.list.find((e) => e.targetId === SERIAL);
    expect(entry).toMatchObject({ loginName: 'demo', result: 'ok', ip: '127.0.0.1' });
    await page.goto('/system/system-log');
    await page.getByText(SERIAL).first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'devices-system-log-zh-CN-1440');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('imports devices from a CSV with a per-row report, and edits variables and group order', async () => {
    const { page, context, problems } = await signedInPage(browser, { path: '/system/device-mgt/index' });
    await page.locator('[data-testid="device-table"] tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('device-import').click();
    const csv = [
      'serial,deviceClass,model,deviceName,park',
      `E2E-IMP-1,soilStation,,导入墒情站,${PARK}`,
      `E2E-IMP-2,rocket,,未知类型,${PARK}`,
      `E2E-IMP-3,soilStation,,未知园区,不存在的园区`,
    ].join('\n');
    await page
      .locator('.ant-modal input[type="file"]')
      .setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-summary').waitFor();
    expect(await page.getByTestId('import-summary').innerText()).toContain('成功 1 台，拒绝 2 台');
    const rows = await page.getByTestId('import-rows').innerText();
    expect(rows).toContain('设备类别不在可选范围内');
    expect(rows).toContain('park: no park "不存在的园区"');
    await page.getByTestId('import-download').waitFor();
    await screenshot(page, 'devices-import-zh-CN-1440');
    await page.keyboard.press('Escape');

    // variables of one device: rename a parameter and see it saved
    const token = await apiLogin('demo');
    const list = await api<{ list: { deviceId: number }[] }>(
      '/api/merchant/device/getDeviceList?keyword=E2E-IMP-1',
      token,
    );
    const deviceId = list.data.list[0].deviceId;
    await page.getByTestId('device-search').locator('input').first().fill('E2E-IMP-1');
    await page.getByTestId('device-search-submit').click();
    await page.getByTestId(`device-params-${deviceId}`).click();
    const first = page.getByTestId('params-table').locator('tbody tr.ant-table-row').first().locator('input').first();
    await first.fill('E2E 名称');
    await screenshot(page, 'devices-params-zh-CN-1440');
    await page.getByTestId('params-save').click();
    await expect
      .poll(async () => {
        const c = await api<{ params: { name: string }[] }>(
          `/api/merchant/device/getDeviceParamConfig?deviceId=${deviceId}&lang=zh`,
          token,
        );
        return c.data.params.map((p) => p.name);
      })
      .toContain('E2E 名称');

    // group order page for the same device
    await page.goto(`/system/device-mgt/group-var-sort?deviceId=${deviceId}`);
    await page.locator('[data-testid="sort-save"]:not([disabled])').waitFor();
    await screenshot(page, 'devices-group-sort-zh-CN-1440');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('draws a park boundary with clicks on a plain background, undoes a vertex and saves it', async () => {
    const { page, context, problems } = await signedInPage(browser, { path: '/park/parkInfo' });
    const token = await apiLogin('demo');
    const parks = await api<GisPark[]>('/api/merchant/group-area-point/getGisMapList', token);
    const groupId = parks.data.find((p) => p.groupName === PARK)!.groupId;
    await page.getByTestId(`park-map-${groupId}`).click();
    const map = page.getByTestId('boundary-map');
    await page.locator('[data-testid="boundary-map"][data-ready="true"]').waitFor();
    await page.getByTestId('boundary-mode').getByText('设置园区位置').click();
    const box = (await map.boundingBox())!;
    // corners and edges: the park's devices (landmarks) sit in the middle and take their own clicks
    await map.click({ position: { x: box.width * 0.04, y: box.height * 0.5 } });
    await page.getByTestId('boundary-mode').getByText('绘制边界').click();
    // the demo park has a boundary already: redraw it from nothing
    await page.getByTestId('boundary-clear').click();
    await expect.poll(() => page.getByTestId('boundary-status').innerText()).toContain('0 个顶点');
    for (const [x, y] of [
      [0.08, 0.08],
      [0.92, 0.08],
      [0.92, 0.92],
      [0.08, 0.92],
      [0.5, 0.96],
    ]) {
      await map.click({ position: { x: box.width * x, y: box.height * y } });
    }
    await expect.poll(() => page.getByTestId('boundary-status').innerText()).toContain('5 个顶点');
    await page.getByTestId('boundary-undo').click();
    await expect.poll(() => page.getByTestId('boundary-status').innerText()).toContain('4 个顶点');
    await page.getByTestId('boundary-save').click();
    await expect
      .poll(async () => {
        const p = await api<{ boundary: unknown[] } | null>(
          `/api/merchant/group-area-point/getGroupPointByGroupId?groupId=${groupId}`,
          token,
        );
        return p.data?.boundary.length ?? 0;
      })
      .toBe(4);
    await screenshot(page, 'park-map-boundary-zh-CN-1440');
    const log = await api<{ list: SystemLogEntry[] }>(
      '/api/merchant/systemLog/getSystemLogList?pageNum=1&pageSize=20&action=park.point',
      token,
    );
    expect(log.data.list[0]).toMatchObject({ loginName: 'demo', ip: '127.0.0.1', result: 'ok' });
    await page.getByRole('tab', { name: '设备点位' }).click();
    await page.locator('[data-testid="devices-map"][data-ready="true"]').waitFor();
    await screenshot(page, 'park-map-devices-zh-CN-1440');
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [locale, width] of LOOKS) {
    it(`screens: pages at ${width} px in ${locale}`, async () => {
      const { page, context, problems } = await signedInPage(browser, { width, locale });
      const shots: [string, string, string][] = [
        ['/system/device-mgt/index', '[data-testid="device-table"] tbody tr.ant-table-row', 'devices'],
        ['/system/device-mgt/group-var-sort', '[data-testid="sort-device"]', 'group-sort'],
        ['/system/GisMap', '[data-testid="gis-map"][data-ready="true"]', 'gis'],
        ['/park/parkInfo', '[data-testid="park-table"] tbody tr.ant-table-row', 'parks'],
      ];
      for (const [path, ready, name] of shots) {
        await visit(page, path);
        await page.locator(ready).first().waitFor({ timeout: 15_000 });
        await screenshot(page, `${name}-${locale}-${width}`);
      }
      await page.getByTestId('park-table').locator('[data-testid^="park-map-"]').first().click();
      await page.locator('[data-testid="boundary-map"][data-ready="true"]').waitFor();
      await screenshot(page, `park-map-${locale}-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
