import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PestCategory, TrapImage, TrapImageDetail, TrapStatus } from '@farmpark/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, screenshot, screenshotEveryPage } from './browser';
import { api, apiLogin, firstParkId, signedInPage } from './session';

// The demo server fills 90 days of trap photos after the telemetry history on its first start and runs
// the demo traps as simulated devices that upload their photos: these tests use both as they are.
const DAY = 86_400_000;

let browser: Browser;
let token: string;
let groupId: number;
let insectTrap: TrapStatus;

const day = (ts: number) => {
  const d = new Date(ts + 8 * 3_600_000); // the demo's TZ_NAME is Asia/Shanghai
  return d.toISOString().slice(0, 10);
};
const imagesOf = async (deviceId: number, date: string) =>
  (await api<TrapImage[]>(`/api/merchant/pest/getImageList?deviceId=${deviceId}&date=${date}`, token)).data ?? [];

async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  groupId = await firstParkId(token);
  const traps = await api<TrapStatus[]>(`/api/merchant/pest/getTrapStatusList?groupId=${groupId}&kind=insect`, token);
  insectTrap = traps.data[0];
  // the backfill reached this trap when it has a photo two months back
  await waitUntil(
    'the trap photo backfill',
    async () => (await imagesOf(insectTrap.deviceId, day(Date.now() - 60 * DAY))).length > 0,
    240_000,
  );
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

async function statCounts(page: Page): Promise<{ total: number; byCategory: Record<string, number> }> {
  await page.goto('/outdoorsEquipment/worm/wormStatistical');
  await page.getByTestId('stats-bar').waitFor();
  const total = Number((await page.getByTestId('stats-total').innerText()).match(/\d+/)?.[0]);
  const byCategory: Record<string, number> = {};
  for (const el of await page.locator('[data-testid^="stat-"]').all()) {
    const id = (await el.getAttribute('data-testid'))?.slice(5) ?? '';
    byCategory[id] = Number((await el.innerText()).trim());
  }
  return { total, byCategory };
}

describe('pest monitoring', () => {
  it('a corrected box (category changed, another deleted) changes the statistics at once', async () => {
    // the latest photo of the last 90 days with at least two insects on it
    let photo: TrapImage | undefined;
    for (let d = 0; d < 89 && !photo; d++) {
      photo = (await imagesOf(insectTrap.deviceId, day(Date.now() - d * DAY))).reverse().find((i) => i.total >= 2);
    }
    expect(photo, 'a photo with catches').toBeTruthy();
    const img = photo as TrapImage;
    const detail = (await api<TrapImageDetail>(`/api/merchant/pest/getImageDetail?imageId=${img.imageId}`, token)).data;
    const [moved, removed] = detail.detections;

    const { page, context, problems } = await signedInPage(browser);
    const before = await statCounts(page);
    expect(before.total).toBeGreaterThan(0);
    const target = Object.keys(before.byCategory).find((id) => Number(id) !== moved.categoryId) as string;

    await page.goto('/outdoorsEquipment/worm/imageAnalysis');
    await page.getByTestId('trap-select').waitFor();
    const picker = page.locator('.ant-picker input').first();
    await picker.click();
    await picker.fill(day(img.takenAt));
    await picker.press('Enter');
    await page.getByTestId(`thumb-${img.imageId}`).click();
    await page.getByTestId(`box-${moved.detectionId}`).click();
    await page.getByTestId('category-select').click();
    const targetName = (
      await api<{ categoryId: number; name: string }[]>('/api/merchant/pest/getCategoryAllList?kind=insect', token)
    ).data.find((c) => c.categoryId === Number(target))?.name as string;
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: targetName })
      .first()
      .click();
    // the current photo's count of the new category went up by one (the previous photo has counts too)
    const expected = (img.counts[target] ?? 0) + 1;
    await page
      .getByTestId('counts')
      .getByTestId(`count-${target}`)
      .filter({ hasText: new RegExp(`\\s${expected}$`) })
      .waitFor();
    await page.getByTestId(`box-${removed.detectionId}`).click();
    await page.getByTestId('delete-box').click();
    // removing a box asks first
    await page.getByTestId('delete-box-ok').click();
    await page.getByTestId(`box-${removed.detectionId}`).waitFor({ state: 'detached' });
    await screenshot(page, 'pests-corrected-photo');

    const after = await statCounts(page);
    expect(after.total).toBe(before.total - 1);
    const delta = (id: number | string) => after.byCategory[String(id)] - before.byCategory[String(id)];
    expect(delta(target)).toBe(removed.categoryId === Number(target) ? 0 : 1);
    const movedDelta = -1 - (removed.categoryId === moved.categoryId ? 1 : 0);
    expect(delta(moved.categoryId)).toBe(movedDelta);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('"photograph now" makes the trap upload a new photo that appears in the timeline', async () => {
    const today = day(Date.now());
    const known = new Set((await imagesOf(insectTrap.deviceId, today)).map((i) => i.imageId));
    const { page, context, problems } = await signedInPage(browser, { path: '/outdoorsEquipment/worm/deviceStatus' });
    await page.getByTestId(`photograph-${insectTrap.deviceId}`).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page.locator('.ant-message-success').waitFor({ timeout: 20_000 });
    const fresh = await waitUntil(
      'the new photo',
      async () => (await imagesOf(insectTrap.deviceId, today)).find((i) => !known.has(i.imageId)),
      20_000,
    );
    await page.goto('/outdoorsEquipment/worm/imageAnalysis');
    await page.getByTestId(`thumb-${fresh.imageId}`).waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('uploads a category picture and shows its thumbnail in the list', async () => {
    const cat = (await api<PestCategory[]>('/api/merchant/pest/getCategoryAllList?kind=insect', token)).data[1];
    const traps = await api<TrapStatus[]>(`/api/merchant/pest/getTrapStatusList?groupId=${groupId}&kind=insect`, token);
    const photo = await fetch(`${baseURL()}/api/merchant/image/${traps.data[0].lastImage?.imageId}`, {
      headers: { AuthToken: token },
    });
    expect(photo.status).toBe(200);
    const file = path.join(os.tmpdir(), `pest-picture-${process.pid}.jpg`);
    writeFileSync(file, Buffer.from(await photo.arrayBuffer()));

    const { page, context, problems } = await signedInPage(browser, { path: '/outdoorsEquipment/worm/wormCategory' });
    const button = page.getByTestId(`category-picture-${cat.categoryId}`);
    await button.waitFor();
    const chooser = page.waitForEvent('filechooser');
    await button.click();
    await (await chooser).setFiles(file);
    await page.locator('.ant-message-success').waitFor({ timeout: 15_000 });
    // the thumbnail is a real picture served to this session (the img loaded, not a broken icon)
    await page.waitForFunction((id) => {
      const el = document.querySelector(`[data-testid="category-thumb-${id}"]`);
      const img = (el?.tagName === 'IMG' ? el : el?.querySelector('img')) as HTMLImageElement | null | undefined;
      return Boolean(img?.complete && img.naturalWidth > 0);
    }, cat.categoryId);
    const after = (await api<PestCategory[]>('/api/merchant/pest/getCategoryAllList?kind=insect', token)).data;
    expect(after.find((c) => c.categoryId === cat.categoryId)?.hasPicture).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  const PAGES: [string, string][] = [
    ['worm-status', '/outdoorsEquipment/worm/deviceStatus'],
    ['worm-images', '/outdoorsEquipment/worm/imageAnalysis'],
    ['worm-statistics', '/outdoorsEquipment/worm/wormStatistical'],
    ['worm-trend', '/outdoorsEquipment/worm/wormTrend'],
    ['worm-category', '/outdoorsEquipment/worm/wormCategory'],
    ['worm-history', '/outdoorsEquipment/worm/HistoricalData'],
    ['worm-record', '/outdoorsEquipment/worm/operationRecord'],
    ['spore-status', '/outdoorsEquipment/spore/deviceStatus'],
    ['spore-images', '/outdoorsEquipment/spore/imageAnalysis'],
    ['spore-history', '/outdoorsEquipment/spore/HistoricalData'],
    ['spore-record', '/outdoorsEquipment/spore/operationRecord'],
  ];

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`screenshots of every pest and spore page (${locale} in its look) without console errors or overflow`, async () => {
      const { page, context, problems } = await signedInPage(browser, { locale });
      await screenshotEveryPage(page, 'pests', locale, PAGES);
      expect(problems).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
