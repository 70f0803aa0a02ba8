import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, screenshot, visit } from './browser';
import { LOOKS, signedInPage } from './session';

// Issue 12: at 1440 px no column is hidden under the pinned action column (the decisive ones named
// below must show whole); on a phone the filters fold into a button and the pager says the total.
const PAGES = [
  { name: 'alarm-records', path: '/alarm/alarmList', table: 'alarm-table', columns: ['状态', '确认人', '确认时间'] },
  { name: 'alarm-rules', path: '/alarm/alarmSet', table: 'rule-table', columns: ['启用', '未恢复告警'] },
  { name: 'users', path: '/system/user-mgt', table: 'user-table', columns: ['最近登录'] },
  { name: 'devices', path: '/system/device-mgt/index', table: 'device-table', columns: ['状态', '最后上报'] },
  { name: 'running-record', path: '/irrigation/irrigationSystem/runningRecord', table: 'run-table', columns: [] },
] as const;

const browser = chromiumForFile();

/** Header cells that are cut off: outside the window, or under a pinned right column. */
async function hiddenHeaders(page: Page, table: string) {
  return page.getByTestId(table).evaluate((el) => {
    const ths = [...el.querySelectorAll('thead th')].filter((th) => (th.textContent ?? '').trim() !== '');
    const pinned = ths.filter((th) => th.classList.contains('ant-table-cell-fix-right'));
    const edge = Math.min(window.innerWidth, ...pinned.map((th) => th.getBoundingClientRect().left));
    return ths
      .filter((th) => !pinned.includes(th))
      .filter((th) => th.getBoundingClientRect().right > edge + 1)
      .map((th) => th.textContent);
  });
}

describe('tables people can read', () => {
  for (const [locale, width] of LOOKS) {
    it(`${locale} at ${width} px`, { timeout: 150_000 }, async () => {
      const { context, page, problems } = await signedInPage(browser(), { width, locale });
      for (const p of PAGES) {
        await visit(page, p.path);
        const table = page.getByTestId(p.table);
        await table.waitFor();
        await page.locator(`[data-testid="${p.table}"] .ant-table-row`).first().waitFor({ timeout: 20_000 });
        if (width === 1440) {
          expect(await hiddenHeaders(page, p.table), p.name).toEqual([]);
          if (locale === 'zh-CN')
            for (const c of p.columns)
              await expect(
                table.locator('thead th', { hasText: c }).first().isVisible(),
                `${p.name} ${c}`,
              ).resolves.toBe(true);
        } else if (p.name !== 'alarm-rules') {
          // the list starts on the first screen: its filters wait behind one button
          const prefix = { 'alarm-records': 'alarm', users: 'user', devices: 'device', 'running-record': 'run' }[
            p.name
          ];
          await expect(page.getByTestId(`${prefix}-filters`).isVisible(), p.name).resolves.toBe(true);
        }
        await expect(page.locator('.ant-pagination-total-text').first().textContent(), p.name).resolves.toMatch(
          locale === 'zh-CN' ? /^共 \d+ 条$/ : /^\d+ in total$/,
        );
        await screenshot(page, `tables-${p.name}-${locale}-${width}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
