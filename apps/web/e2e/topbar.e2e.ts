import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, screenshot } from './browser';
import { api, login, tokenOf } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('top bar weather', () => {
  for (const [locale, width] of [
    ['zh-CN', 1440],
    ['en-US', 1440],
    ['zh-CN', 390],
    ['en-US', 390],
  ] as const) {
    it(`shows the park's weather with its source (${locale}, ${width} px)`, async () => {
      const { context, page, problems } = await openPage(browser, { width, height: width < 500 ? 844 : 900 });
      if (locale === 'en-US') await context.addInitScript(() => localStorage.setItem('ag_merchant_lang', 'en-US'));
      await login(page, 'demo');
      const token = await tokenOf(context);
      const parks = await api<{ groupId: number }[]>('/api/merchant/group/getGroupAndDeviceAllList', token);
      const now = await api<{ source: string; weather: string; temperature: number | null }>(
        `/api/merchant/weather/getWeatherNow?groupId=${parks.data[0].groupId}`,
        token,
      );
      expect(now.code).toBe(0);
      const widget = page.getByTestId('navbar-weather');
      if (now.data.source === 'none') {
        await page.getByTestId('sidebar-toggle').waitFor();
        expect(await widget.count()).toBe(0);
      } else {
        await widget.waitFor();
        expect(await widget.getAttribute('data-source')).toBe(now.data.source);
        const text = await widget.innerText();
        if (now.data.temperature !== null) expect(text).toContain(`${now.data.temperature}°C`);
        if (locale === 'en-US') expect(text).not.toMatch(/[\u4e00-\u9fff]/);
        // a station names no sky: the bar says nothing rather than "unknown"
        if (!now.data.weather) expect(text).not.toMatch(/未知|Unknown/);
      }
      await screenshot(page, `topbar-weather-${locale}-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
