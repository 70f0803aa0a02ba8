import type { Envelope, WeatherNow } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, screenshot } from './browser';
import { LOOKS, signedInPage } from './session';

const browser = chromiumForFile();

describe('top bar weather', () => {
  for (const [locale, width] of LOOKS) {
    it(`shows the park's weather with its source (${locale}, ${width} px)`, async () => {
      const { context, page, problems } = await signedInPage(browser(), { width, locale });
      // what the bar was told, not a second reading: the park's station reports every few seconds
      // (the left page's own request may still answer during the reload, with no body to read: skipped)
      let now: Envelope<WeatherNow> | undefined;
      const answer = page.waitForResponse(async (r) => {
        if (!r.url().includes('/api/merchant/weather/getWeatherNow')) return false;
        now = await r.json().catch(() => undefined);
        return now !== undefined;
      });
      await page.reload();
      await answer;
      if (!now) throw new Error('no weather answer');
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
