import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, pickOption, screenshot, screenshotTables } from './browser';
import { apiLogin, daysAgo, firstParkId, LOOKS, listedIds, oneSignIn, removeIds } from './session';

// Production core: a person, a crop with a growth standard and a planting made through the console;
// the planting then shows its stage and its hours out of range. Everything made here is removed after.
const P = '/api/merchant/production';
const CROP = 'E2E番茄';
const PERSON = 'E2E采收员';
// the demo lays the park weather station (DF-WS-0001) on this plot of park 1 (demo/layout.ts)
const PLOT = '5号连栋温室';

let browser: Browser;
let token: string;
const { signedIn, close } = oneSignIn(() => browser);

const idsOf = (list: string, keyword: string, extra: Record<string, string> = {}) =>
  listedIds(token, `${P}/${list}`, { keyword, ...extra });
const remove = (path: string, id: number[]) => removeIds(token, `${P}/${path}`, id);

/** What this file made: plantings first (they hold the crop), then the crop (its standard goes with it), the person. */
async function cleanUp() {
  const park = await firstParkId(token);
  await remove('planting/removePlanting', await idsOf('planting/getPlantingList', CROP, { groupId: String(park) }));
  await remove('crop/removeCrop', await idsOf('crop/getCropList', CROP));
  await remove('personnel/removePersonnel', await idsOf('personnel/getPersonnelList', PERSON));
}

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  await cleanUp();
}, 60_000);

afterAll(async () => {
  await cleanUp();
  await close();
  await browser?.close();
});

const field = (page: Page, form: string, id: string) => page.getByTestId(form).locator(`#${id}`);

describe('production', () => {
  it('a person, a crop with a standard and a planting made in the console; the planting shows its stage and hours out of range', async () => {
    const { page, problems } = await signedIn();

    await page.goto('/productionManagement/personnel');
    await page.getByTestId('personnel-create').click();
    await field(page, 'personnel-form', 'name').fill(PERSON);
    await field(page, 'personnel-form', 'idNumber').fill('12345');
    await page.getByTestId('personnel-save').click();
    // the field says what is wrong, in words
    await expect
      .poll(() => page.getByTestId('personnel-form').locator('.ant-form-item-explain-error').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await field(page, 'personnel-form', 'idNumber').fill('37078319900101123X');
    await pickOption(page, page.getByTestId('personnel-form'), 'personnel-parks', '寿光');
    await page.keyboard.press('Escape');
    await page.getByTestId('personnel-save').click();
    const personRow = page.locator('[data-testid="personnel-table"] tr', { hasText: PERSON });
    await personRow.waitFor();
    expect(await personRow.innerText()).toContain('370***********123X');

    await page.goto('/productionManagement/plant');
    await page.getByRole('tab', { name: '作物目录' }).click();
    await page.getByTestId('crop-create').click();
    await field(page, 'crop-form', 'name').fill(CROP);
    await field(page, 'crop-form', 'growingDays').fill('120');
    await page.getByTestId('crop-save').click();
    await page.locator('[data-testid="crop-table"] tr', { hasText: CROP }).waitFor();

    await page.goto('/productionManagement/growthStage');
    const cropRow = page.locator('[data-testid="standard-table"] tr', { hasText: CROP });
    await cropRow.getByRole('button', { name: '编辑标准' }).click();
    await page.getByTestId('stage-add').click();
    await page.getByTestId('stage-name-0').fill('E2E结果期');
    await page.getByTestId('stage-start-0').fill('0');
    await page.getByTestId('stage-end-0').fill('120');
    await page.getByTestId('range-add-0').click();
    await pickOption(page, page.getByTestId('standard-form'), 'range-key-0-0', '空气温度');
    // a bound no air reaches: every hour with readings is out of range, so the count is certain
    await page.getByTestId('range-min-0-0').fill('100');
    await screenshot(page, 'production-standard-editor-zh-CN-1440');
    await page.getByTestId('standard-save').click();
    await expect.poll(() => cropRow.innerText(), { timeout: 10_000 }).toContain('1');

    await page.goto('/productionManagement/plant');
    await page.getByTestId('planting-create').click();
    const form = page.getByTestId('planting-form');
    await pickOption(page, form, 'planting-plot', PLOT);
    await pickOption(page, form, 'planting-crop', CROP);
    await field(page, 'planting-form', 'areaMu').fill('2.5');
    await field(page, 'planting-form', 'sownOn').fill(daysAgo(10));
    await field(page, 'planting-form', 'expectedHarvestOn').fill(daysAgo(-110));
    await page.getByTestId('planting-save').click();
    const plantingRow = page.locator('[data-testid="planting-table"] tr', { hasText: CROP });
    await plantingRow.waitFor();
    expect(await plantingRow.innerText()).toContain('E2E结果期 · 第 10 天');

    await plantingRow.getByRole('button', { name: '详情' }).click();
    const drawer = page.getByTestId('planting-drawer');
    expect(await drawer.getByTestId('planting-stage').innerText()).toBe('E2E结果期');
    await drawer.getByTestId('planting-params').waitFor();
    await expect
      .poll(async () => Number(await drawer.getByTestId('hours-out').innerText()), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'production-planting-detail-zh-CN-1440');
    await drawer.locator('.ant-drawer-close').click();

    // the home card lists it with the parameter out of range now
    await page.goto('/dashboard');
    await page.getByTestId('home-plantings').getByText(CROP).waitFor({ timeout: 20_000 });
    await screenshot(page, 'production-home-card-zh-CN-1440');

    // a crop with plantings cannot be removed: a clear message
    await page.goto('/productionManagement/plant');
    await page.getByRole('tab', { name: '作物目录' }).click();
    const row = page.locator('[data-testid="crop-table"] tr', { hasText: CROP });
    await row.getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText(/有 1 个种植记录，不能删除/).waitFor();
    expect(problems).toEqual([]);
  });

  for (const [locale, width] of LOOKS) {
    it(`screenshots of the four pages (${locale}, ${width} px)`, async () => {
      const { page, problems } = await signedIn({ locale, width });
      await screenshotTables(page, 'production', `${locale}-${width}`, [
        ['personnel', '/productionManagement/personnel', 'personnel-table'],
        ['plant', '/productionManagement/plant', 'planting-table'],
        ['standards', '/productionManagement/growthStage', 'standard-table'],
        ['harvests', '/productionManagement/pickToStorage', 'harvest-table'],
      ]);
      await page.goto('/productionManagement/pickToStorage');
      await page.getByTestId('harvest-create').click();
      await page.getByTestId('harvest-form').waitFor();
      await screenshot(page, `production-harvest-dialog-${locale}-${width}`);
      expect(problems).toEqual([]);
    });
  }
});
