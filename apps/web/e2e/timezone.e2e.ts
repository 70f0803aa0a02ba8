import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, downloadText, openPage, screenshot, visit } from './browser';
import { login } from './session';

/**
 * One time zone (issue 12): the same pages opened by a browser in UTC and by one in Asia/Shanghai (the
 * demo parks' zone) show the same times, and an export says the hours its table showed.
 */
const browser = chromiumForFile();

const ZONES = ['UTC', 'Asia/Shanghai'] as const;
type Zone = (typeof ZONES)[number];

/** Row key -> text of the column whose header starts with `header`, for the rows on screen. */
async function timeColumn(table: Locator, header: string): Promise<Map<string, string>> {
  const heads = (await table.locator('thead th').allInnerTexts()).map((s) => s.trim());
  const col = heads.findIndex((h) => h.startsWith(header));
  expect(col, `a "${header}" column in ${heads.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const out = new Map<string, string>();
  for (const row of await table.locator('tbody tr.ant-table-row').all()) {
    const key = await row.getAttribute('data-row-key');
    if (key) out.set(key, (await row.locator('td').nth(col).innerText()).trim());
  }
  return out;
}

interface Seen {
  /** page -> row key -> time text */
  tables: Record<string, Map<string, string>>;
  hints: string[];
  lastReports: Map<string, string>;
}

const PAGES: {
  name: string;
  path: string;
  table: (p: Page) => Locator;
  header: string;
  prepare?: (p: Page) => Promise<void>;
}[] = [
  {
    name: 'history',
    path: '/outdoorsEquipment/weatherWatches/historicalData',
    table: (p) => p.getByTestId('history-table'),
    header: '时间',
    prepare: async (p) => {
      await p.getByTestId('history-view').getByText('表格').click();
    },
  },
  { name: 'alarms', path: '/alarm/alarmList', table: (p) => p.getByTestId('alarm-table'), header: '告警时间' },
  {
    name: 'operationRecord',
    path: '/envControl/ehc/operationRecord',
    table: (p) => p.getByTestId('record-table'),
    header: '时间',
  },
  {
    name: 'systemLog',
    path: '/system/system-log',
    table: (p) => p.getByTestId('log-page').locator('table'),
    header: '时间',
  },
  {
    name: 'runningRecord',
    path: '/irrigation/irrigationSystem/runningRecord',
    table: (p) => p.getByTestId('run-table'),
    header: '开始',
  },
];

async function seenIn(zone: Zone): Promise<Seen & { close: () => Promise<void> }> {
  const { page, context, problems } = await openPage(browser(), { timezoneId: zone });
  await login(page, 'demo');
  const seen: Seen = { tables: {}, hints: [], lastReports: new Map() };
  for (const p of PAGES) {
    await visit(page, p.path);
    await p.prepare?.(page);
    const table = p.table(page);
    await table.locator('tbody tr.ant-table-row, tbody tr.ant-table-placeholder').first().waitFor({ timeout: 15_000 });
    // the rows settle (loading spinners gone) before they are read
    await expect.poll(() => table.locator('.ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
    seen.tables[p.name] = await timeColumn(table, p.header);
    seen.hints.push(...(await page.getByTestId('zone-hint').allInnerTexts()));
    if (p.name === 'history') await screenshot(page, `timezone-history-${zone.replace('/', '-')}`);
  }
  await visit(page, '/outdoorsEquipment/weatherWatches/realTimeData');
  const reports = page.getByTestId('last-report');
  await reports.first().waitFor({ timeout: 15_000 });
  for (const r of await reports.all()) {
    const card = r.locator('xpath=ancestor::*[starts-with(@data-testid, "device-card-")][1]');
    const id = await card.getAttribute('data-testid');
    const title = await r.getAttribute('title');
    if (id && title) seen.lastReports.set(id, title);
  }
  expect(problems).toEqual([]);
  return { ...seen, close: () => context.close() };
}

describe('one time zone: the browser zone changes nothing', () => {
  it('shows the same times with the browser in UTC and in Asia/Shanghai', async () => {
    const [utc, shanghai] = [await seenIn('UTC'), await seenIn('Asia/Shanghai')];
    let compared = 0;
    for (const p of PAGES) {
      const a = utc.tables[p.name];
      const b = shanghai.tables[p.name];
      for (const [key, text] of a) {
        if (!b.has(key)) continue;
        expect(text, `${p.name} row ${key}`).toBe(b.get(key));
        compared++;
      }
    }
    // the history table and the system log always have rows seen by both runs
    expect(compared).toBeGreaterThan(5);
    // every time says the park's zone, in both runs
    expect(utc.hints.length).toBeGreaterThanOrEqual(PAGES.length - 1);
    for (const hint of [...utc.hints, ...shanghai.hints]) expect(hint).toMatch(/UTC\+08:00/);
    const both = [...utc.lastReports.keys()].filter((k) => shanghai.lastReports.has(k));
    expect(both.length).toBeGreaterThan(0);
    // a live station reports every few seconds between the two visits: minutes apart, never hours
    const ms = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
    for (const k of both) {
      const gap = Math.abs(ms(utc.lastReports.get(k)!) - ms(shanghai.lastReports.get(k)!));
      expect(gap, `last report of ${k}`).toBeLessThan(10 * 60_000);
    }
    await utc.close();
    await shanghai.close();
  }, 240_000);

  it('an export holds exactly the times its table shows, in a UTC browser (eight hours from the park)', async () => {
    const { page, context, problems } = await openPage(browser(), { timezoneId: 'UTC' });
    await login(page, 'demo');
    await visit(page, PAGES[0].path);
    await PAGES[0].prepare!(page);
    const table = page.getByTestId('history-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => table.locator('.ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
    // live readings at least (the demo backfill may still be writing history)
    const shown = [...(await timeColumn(table, '时间')).values()];
    expect(shown.length).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await download;
    const times = new Set(
      (await downloadText(file))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    );
    for (const t of shown) expect(times.has(t), `${t} in the export`).toBe(true);
    // the file is named for the park's days too
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(Date.now());
    expect(file.suggestedFilename()).toContain(today);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
