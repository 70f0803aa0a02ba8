import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, pickOption, screenshot, screenshotTables } from './browser';
import { api, apiLogin, firstParkId, jsonBody, LOOKS, listedIds, oneSignIn, removeIds } from './session';

// Production stock: a pesticide delivered through the console, a spray done with it makes its stock
// fall, and a spray beyond what is left is refused with the material and the quantity left under the
// line's quantity, changing nothing. Every page in both looks (LOOKS). What this file
// makes (its own material and farm work, marked E2E) is removed after, so the shared demo stays as it was.
const P = '/api/merchant/production';
const MATERIAL = 'E2E吡虫啉';
const NOTE = 'E2E 打药';
// a plot of the demo's first park (demo/layout.ts)
const PLOT = '5号连栋温室';
const VIDEO = 'E2E溯源视频';
/** The smallest thing that starts like an MP4 (a 24-byte ftyp box), then some payload. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisomd\0\0\0isomiso2', 'latin1').subarray(0, 20),
  Buffer.alloc(2048, 1),
]);

let browser: Browser;
let token: string;
let park: number;

const { signedIn, close } = oneSignIn(() => browser);

/** The farm work first (removing work done returns its stock), then the material. */
async function cleanUp() {
  const mine = async (list: string, remove: string, keyword: string) =>
    removeIds(token, `${P}/${remove}`, await listedIds(token, `${P}/${list}`, { groupId: String(park), keyword }));
  await mine('farmWork/getFarmWorkList', 'farmWork/removeFarmWork', NOTE);
  await mine('material/getMaterialList', 'material/removeMaterial', MATERIAL);
  await mine('video/getVideoList', 'video/removeVideo', VIDEO);
}

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  park = await firstParkId(token);
  await cleanUp();
  const made = await api(
    `${P}/material/addMaterial`,
    token,
    jsonBody({ groupId: park, kind: 'pesticide', name: MATERIAL, unit: 'kg', spec: '10% 可湿性粉剂', safetyDays: 7 }),
  );
  expect(made.code, made.msg).toBe(0);
}, 60_000);

afterAll(async () => {
  await cleanUp();
  await close();
  await browser?.close();
});

const materialRow = (page: Page) => page.locator('[data-testid="materiel-table"] tr', { hasText: MATERIAL });

/** A spray of `quantity` kg of the test material, done today, on the test plot, through the dialog. */
async function spray(page: Page, quantity: string) {
  await page.goto('/productionManagement/farmWork');
  await page.getByTestId('farmWork-create').first().click();
  const form = page.getByTestId('farmWork-form');
  await form.waitFor();
  await pickOption(page, form, 'farmWork-plot', PLOT);
  await pickOption(page, form, 'farmWork-status', '已完成');
  await page.getByTestId('farmWork-add-material').click();
  await pickOption(page, form, 'farmWork-material-0-id', MATERIAL);
  await form.locator('#materials_0_quantity').fill(quantity);
  await form.locator('#notes').fill(NOTE);
  await page.getByTestId('farmWork-save').click();
}

describe('production stock', () => {
  it('a delivery raises stock, a spray done lowers it, a spray beyond stock is refused with what is left', async () => {
    const { page, problems } = await signedIn();
    await page.goto('/productionManagement/materiel');
    await materialRow(page).waitFor();
    await materialRow(page).getByRole('button', { name: '入库' }).click();
    await page.getByTestId('stock-move-form').locator('#quantity').fill('1');
    await page.getByTestId('stock-move-form').locator('#batchNo').fill('E2E-B1');
    await page.getByTestId('stock-move-save').click();
    await expect.poll(() => materialRow(page).innerText(), { timeout: 10_000 }).toContain('1 kg');

    await spray(page, '0.4');
    // the list runs newest day first (the coming fortnight's plans on top): find it by its note
    await page.getByTestId('farmWork-search').locator('#keyword').fill(NOTE);
    await page.getByTestId('farmWork-search-submit').click();
    const done = page.locator('[data-testid="farmWork-table"] tr', { hasText: MATERIAL }).first();
    await done.waitFor();
    expect(await done.innerText()).toContain('已完成');
    await screenshot(page, 'production-stock-spray-done-zh-CN-1440');
    await page.goto('/productionManagement/materiel');
    await expect.poll(() => materialRow(page).innerText(), { timeout: 10_000 }).toContain('0.6 kg');
    await materialRow(page).getByRole('button', { name: '台账' }).click();
    const ledger = page.getByTestId('ledger-table');
    await ledger.getByText('-0.4').waitFor();
    await screenshot(page, 'production-stock-ledger-zh-CN-1440');
    await page.keyboard.press('Escape');

    await spray(page, '5');
    const error = page.getByTestId('farmWork-form').locator('.ant-form-item-explain-error', { hasText: '超出库存' });
    await error.waitFor();
    expect(await error.innerText()).toContain(`${MATERIAL}仅剩 0.6 kg`);
    await screenshot(page, 'production-stock-refused-zh-CN-1440');
    await page.keyboard.press('Escape');
    // nothing changed: the stock is what it was and no second spray was recorded
    const left = await api<{ list: { stock: number }[] }>(
      `${P}/material/getMaterialList?${new URLSearchParams({ groupId: String(park), keyword: MATERIAL })}`,
      token,
    );
    expect(left.data.list[0].stock).toBe(0.6);
    expect(
      await listedIds(token, `${P}/farmWork/getFarmWorkList`, { groupId: String(park), keyword: NOTE }),
    ).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('a clip uploaded in the console is listed and plays; the home page counts the machine due', async () => {
    const { page, problems } = await signedIn();
    await page.goto('/dashboard');
    await expect
      .poll(() => page.getByTestId('home-maintenance').innerText(), { timeout: 15_000 })
      .toContain('7 天内需保养');
    await page.goto('/productionManagement/videoManagement');
    await page.getByTestId('video-upload').click();
    const form = page.getByTestId('video-form');
    await form.locator('#title').fill(VIDEO);
    await form.locator('input[type=file]').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await page.getByTestId('video-save').click();
    const row = page.locator('[data-testid="video-table"] tr', { hasText: VIDEO });
    await row.waitFor();
    await row.getByRole('button', { name: '播放' }).click();
    await page.getByTestId('video-player').waitFor();
    expect(await page.getByTestId('video-player').getAttribute('src')).toContain('/video/getVideoFile');
    await screenshot(page, 'production-stock-video-player-zh-CN-1440');
    expect(problems.filter((p) => !p.includes('getVideoFile'))).toEqual([]);
  });

  for (const [locale, width] of LOOKS) {
    it(`screenshots of the five pages (${locale}, ${width} px)`, async () => {
      const { page, problems } = await signedIn({ locale, width });
      await screenshotTables(page, 'production-stock', `${locale}-${width}`, [
        ['materiel', '/productionManagement/materiel', 'materiel-table'],
        ['supplier', '/productionManagement/supplier', 'supplier-table'],
        ['machinery', '/productionManagement/machinery', 'machinery-table'],
        ['farmWork', '/productionManagement/farmWork', 'farmWork-table'],
      ]);
      // the calendar of this month, and the (empty) video list
      await page.getByRole('tab', { name: locale === 'zh-CN' ? '日历' : 'Calendar' }).click();
      await page.getByTestId('farmWork-calendar-card').locator('.ant-picker-calendar').waitFor();
      await screenshot(page, `production-stock-calendar-${locale}-${width}`);
      await page.goto('/productionManagement/videoManagement');
      await page.getByTestId('video-table').waitFor();
      await screenshot(page, `production-stock-videos-${locale}-${width}`);
      expect(problems).toEqual([]);
    });
  }
});
