import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, pickOption, screenshot } from './browser';
import { api, apiLogin, daysAgo, firstParkId, jsonBody, listedIds, removeIds, signedInPage } from './session';

// The flow in the browser: a planting made in the console, a pesticide sprayed on it (its
// stock falls), a harvest the next day refused with the pesticide, the spraying day and the first
// allowed day, a harvest after the interval saved, an administrator's override with a reason; the
// planting's record shows all of it. Its own crop and material (marked E2E流程) are made through the
// API and everything is removed after, so the shared demo stays as it was.
const P = '/api/merchant/production';
const CROP = 'E2E流程番茄';
const PESTICIDE = 'E2E流程阿维菌素';
const REASON = 'E2E 检测合格，订单加急';
const NOTE = '上午喷施，东侧两垄';
/** In the spray's notes, so the farm-work list finds it among the demo's work. */
const MARK = 'E2E流程喷施';
const CORRECTION = '补记作业位置';

let browser: Browser;
let token: string;
let park: number;
/** The park's first plot: at the top of every plot list, whatever else the demo lays out. */
let PLOT: string;

const SPRAYED = daysAgo(10);

const ids = (path: string, q: Record<string, string>) => listedIds(token, `${P}/${path}`, q);
const remove = (path: string, id: number[]) => removeIds(token, `${P}/${path}`, id);

/** Harvests and work first (they hold the planting; removing work done returns its stock), then the rest. */
async function cleanUp() {
  const groupId = String(park);
  const plantings = await ids('planting/getPlantingList', { groupId, keyword: CROP });
  for (const plantingId of plantings) {
    await remove(
      'harvest/removeHarvest',
      await ids('harvest/getHarvestList', { groupId, plantingId: String(plantingId) }),
    );
    await remove(
      'farmWork/removeFarmWork',
      await ids('farmWork/getFarmWorkList', { groupId, plantingId: String(plantingId) }),
    );
  }
  await remove('planting/removePlanting', plantings);
  await remove('crop/removeCrop', await ids('crop/getCropList', { keyword: CROP }));
  await remove('material/removeMaterial', await ids('material/getMaterialList', { groupId, keyword: PESTICIDE }));
}

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  park = await firstParkId(token);
  await cleanUp();
  PLOT = (await api<{ name: string }[]>(`${P}/planting/getPlotOptions?groupId=${park}`, token)).data[0].name;
  expect((await api(`${P}/crop/addCrop`, token, jsonBody({ name: CROP, growingDays: 120 }))).code).toBe(0);
  const made = await api<{ id: number }>(
    `${P}/material/addMaterial`,
    token,
    jsonBody({ groupId: park, kind: 'pesticide', name: PESTICIDE, unit: 'L', safetyDays: 7 }),
  );
  expect(made.code, made.msg).toBe(0);
  await api(`${P}/material/addStockMove`, token, jsonBody({ kind: 'in', materialId: made.data.id, quantity: 2 }));
}, 60_000);

afterAll(async () => {
  await cleanUp();
  await browser?.close();
});

const stockNow = async () =>
  (
    await api<{ list: { stock: number }[] }>(
      `${P}/material/getMaterialList?${new URLSearchParams({ groupId: String(park), keyword: PESTICIDE })}`,
      token,
    )
  ).data.list[0].stock;

/** A day typed into antd's date picker of a form item. */
async function pickDay(page: Page, testId: string, day: string) {
  const input = page
    .getByTestId(testId)
    .locator('input')
    .or(page.locator(`input[data-testid="${testId}"]`))
    .first();
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** A harvest of the test planting on `day` through the dialog; leaves the dialog open. */
async function harvest(page: Page, day: string, reason = '') {
  await page.getByTestId('harvest-create').click();
  const form = page.getByTestId('harvest-form');
  await pickOption(page, form, 'harvest-planting', CROP);
  await form.locator('#harvestedOn').fill(day);
  await form.locator('#quantity').fill('35');
  if (reason) await form.locator('#overrideReason').fill(reason);
  await page.getByTestId('harvest-save').click();
  return form;
}

describe('production flow', () => {
  it('planting, spray, refused and saved harvests, an override; the record shows it all', async () => {
    const { page, context, problems } = await signedInPage(browser, { path: '/productionManagement/plant' });
    // the list settled first (a fresh sign-in loads the parks and re-renders the page, closing an open list)
    await page.getByTestId('planting-table').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('planting-create').click();
    const plantingForm = page.getByTestId('planting-form');
    await plantingForm.waitFor();
    await pickOption(page, plantingForm, 'planting-plot', PLOT);
    await pickOption(page, plantingForm, 'planting-crop', CROP);
    await plantingForm.locator('#areaMu').fill('1.5');
    await plantingForm.locator('#sownOn').fill(daysAgo(40));
    await plantingForm.locator('#expectedHarvestOn').fill(daysAgo(-80));
    await page.getByTestId('planting-save').click();
    await page.locator('[data-testid="planting-table"] tr', { hasText: CROP }).waitFor();

    // the spray, done ten days ago on the planting
    await page.goto('/productionManagement/farmWork');
    await page.getByTestId('farmWork-table').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('farmWork-create').first().click();
    const work = page.getByTestId('farmWork-form');
    await work.waitFor();
    await pickOption(page, work, 'farmWork-plot', PLOT);
    await pickOption(page, work, 'farmWork-planting', CROP);
    await pickDay(page, 'farmWork-plannedOn', SPRAYED);
    await pickOption(page, work, 'farmWork-status', '已完成');
    await pickDay(page, 'farmWork-doneOn', SPRAYED);
    await page.getByTestId('farmWork-add-material').click();
    await pickOption(page, work, 'farmWork-material-0-id', PESTICIDE);
    await work.locator('#materials_0_quantity').fill('0.5');
    await work.locator('#notes').fill(MARK);
    await page.getByTestId('farmWork-save').click();
    await work.waitFor({ state: 'hidden' });
    expect(await stockNow()).toBe(1.5);

    // the spray is done: it is corrected, never rewritten (a reason first), and its history shows both revisions
    await page.getByTestId('farmWork-search').locator('#keyword').fill(MARK);
    await page.getByTestId('farmWork-search-submit').click();
    const sprayRow = page.locator('[data-testid="farmWork-table"] tr.ant-table-row', { hasText: PESTICIDE }).first();
    await sprayRow.locator('[data-testid^="farmWork-edit-"]').click();
    await work.waitFor();
    await work.locator('#notes').fill(`${MARK} ${NOTE}`);
    await page.getByTestId('farmWork-save').click();
    await work.locator('.ant-form-item-explain-error', { hasText: '更正原因' }).waitFor();
    await page.getByTestId('farmWork-correction-reason').fill(CORRECTION);
    await page.getByTestId('farmWork-save').click();
    await work.waitFor({ state: 'hidden' });
    const workId = await sprayRow.locator('[data-testid^="farmWork-edit-"]').getAttribute('data-testid');
    const historyOf = `farmWork-history-${workId?.replace('farmWork-edit-', '')}`;
    await page.getByTestId(`${historyOf}-open`).click();
    const corrected = page.getByTestId(`${historyOf}-revision-2`);
    await corrected.waitFor();
    expect(await corrected.innerText()).toContain(CORRECTION);
    expect(await corrected.innerText()).toContain(NOTE);
    expect(await page.getByTestId(`${historyOf}-revision-1`).innerText()).toContain('首次记录');
    await screenshot(page, 'production-work-history-zh-CN-1440');
    await page.keyboard.press('Escape');

    await page.goto('/productionManagement/pickToStorage');
    await page.getByTestId('harvest-table').locator('.ant-table-row').first().waitFor();
    const refused = await harvest(page, daysAgo(9));
    const error = refused.locator('.ant-form-item-explain-error', { hasText: PESTICIDE });
    await error.waitFor();
    const message = await error.innerText();
    expect(message).toContain(SPRAYED);
    expect(message).toContain(daysAgo(3));
    await screenshot(page, 'production-flow-refused-zh-CN-1440');
    await refused.locator('#harvestedOn').fill(daysAgo(3));
    await page.getByTestId('harvest-save').click();
    await refused.waitFor({ state: 'hidden' });
    // an administrator harvests inside the interval, saying why
    const override = await harvest(page, daysAgo(8), REASON);
    await override.waitFor({ state: 'hidden' });
    await page.locator('[data-testid="harvest-table"] tr', { hasText: REASON }).waitFor();

    await page.goto('/productionManagement/plant');
    const detail = (on: Page) =>
      on.locator('[data-testid="planting-table"] tr', { hasText: CROP }).locator('[data-testid^="planting-detail-"]');
    await detail(page).click();
    const record = page.getByTestId('planting-record');
    await record.waitFor();
    expect(await record.getByTestId('record-work').innerText()).toContain(`${PESTICIDE} 0.5 L`);
    expect(await record.getByTestId('record-materials').innerText()).toContain(`${PESTICIDE} 0.5 L`);
    const harvests = await record.getByTestId('record-harvests').innerText();
    expect(harvests).toContain(daysAgo(3));
    expect(harvests).toContain(REASON);
    await screenshot(page, 'production-record-zh-CN-1440');

    // the same record in English and on a phone, in a tab of that look
    for (const [lang, width] of [['en-US', 390]] as const) {
      const look = await signedInPage(browser, { locale: lang, width, path: '/productionManagement/plant' });
      const { page } = look;
      await detail(page).click();
      await page.getByTestId('record-harvests').getByText(REASON).waitFor();
      if (lang === 'en-US') expect(await page.getByTestId('planting-record').innerText()).toContain('Spraying');
      await screenshot(page, `production-record-${lang}-${width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `record overflows at ${width}`).toBeLessThanOrEqual(0);
      // the spray's history, in the reader's language
      await page.goto('/productionManagement/farmWork');
      // on a phone the filters fold into a drawer
      await page.getByTestId('farmWork-filters').click();
      await page.getByTestId('farmWork-search').locator('#keyword').fill(MARK);
      await page.getByTestId('farmWork-search-submit').click();
      await page.getByTestId(`${historyOf}-open`).click();
      const revision = page.getByTestId(`${historyOf}-revision-2`);
      await revision.waitFor();
      expect(await revision.innerText()).toContain('Corrected');
      expect(await revision.innerText()).toContain(CORRECTION);
      await screenshot(page, `production-work-history-${lang}-${width}`);
      expect(look.problems).toEqual([]);
      await look.context.close();
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);
});
