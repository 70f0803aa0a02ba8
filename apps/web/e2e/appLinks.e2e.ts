import type { AppLinksInfo } from '@farmpark/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, screenshot } from './browser';
import { api, apiLogin, signedInPage } from './session';

// App download links as an administrator sets them and anyone scans them: refused unless http(s), shown
// with a QR code in the top bar's dialog and on the public /download-app page. The demo's links are put
// back as found (none) whatever happens, so later files see the demo unchanged.
const ANDROID = 'https://apps.example.com/farmpark-e2e.apk';
const NONE = { android: '', ios: '', mobileWeb: '', miniProgram: '' };

let browser: Browser;
let token: string;
let merchantId = 0;

beforeAll(async () => {
  browser = await launch();
  token = await apiLogin('demo');
  const info = await api<AppLinksInfo>('/api/merchant/app/getAppLinks', token);
  if (info.code !== 0) throw new Error(`getAppLinks: ${info.msg}`);
  merchantId = info.data.merchantId;
});

afterAll(async () => {
  await api('/api/merchant/app/alterAppLinks', token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(NONE),
  });
  await browser?.close();
});

/** A QR code drawn (a canvas with dark modules on a clear background), not just a placeholder. */
const qrDrawn = (page: Page, key: string) =>
  page
    .getByTestId(`qr-${key}`)
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let dark = 0;
      let light = 0;
      // modules are near-black and opaque; the background is transparent (or white)
      for (let i = 0; i < d.length; i += 4) d[i + 3] > 128 && d[i] < 100 ? dark++ : light++;
      return dark > 100 && light > 100;
    });

describe('app download links', () => {
  it('an administrator sets them (http/https only) and the dialog shows each with a QR code', async () => {
    const { page, context, problems } = await signedInPage(browser);
    await page.getByTestId('download-button').click();
    const list = page.getByTestId('download-list');
    await list.waitFor();
    expect(await list.innerText()).toContain('未配置');
    await page.getByTestId('app-links-edit').click();
    const form = page.getByTestId('app-links-form');
    await form.getByTestId('link-android').fill('javascript:alert(1)');
    await form.getByTestId('app-links-save').click();
    await form.getByText('请输入以 http:// 或 https:// 开头的地址').waitFor();
    const unchanged = await api<AppLinksInfo>('/api/merchant/app/getAppLinks', token);
    expect(unchanged.data.links.android).toBe('');

    await form.getByTestId('link-android').fill(ANDROID);
    await form.getByTestId('app-links-save').click();
    await page.getByText('下载地址已保存').waitFor();
    await list.waitFor();
    await expect.poll(() => qrDrawn(page, 'android'), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('download-android').innerText()).toContain(ANDROID);
    expect(await page.getByTestId('qr-ios').count()).toBe(0);
    expect(await page.getByTestId('download-share').innerText()).toContain(`/download-app?merchant=${merchantId}`);
    await screenshot(page, 'app-links-dialog-zh-CN-1440');
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('the public download page shows the QR codes without signing in, in English on a phone', async () => {
    const { page, context, problems } = await openPage(browser, { width: 390, height: 844, locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('ag_merchant_lang', 'en-US'));
    await page.goto(`/download-app?merchant=${merchantId}`);
    await page.getByTestId('download-list').waitFor();
    await expect.poll(() => qrDrawn(page, 'android'), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('download-ios').innerText()).toContain('Not configured');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'app-links-public-en-US-390');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('a user who is not an administrator sees the links but cannot change them', async () => {
    const { page, context, problems } = await signedInPage(browser, { user: 'operator' });
    await page.getByTestId('download-button').click();
    await page.getByTestId('download-list').waitFor();
    await expect.poll(() => qrDrawn(page, 'android'), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('app-links-edit').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
