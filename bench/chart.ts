import type { Page } from 'playwright-core';
import { log, numericArgs } from './args';
import { openConsole } from './console';
import { percentile, runBench } from './ingestLoad';

/**
 * bench:chart -- [--runs 5]
 * The weather history chart in Chromium against a demo server of its own (a year of one-minute readings): the
 * time from the series response to the chart drawn, for the range "today" (the baseline, same run) and for
 * the last year. Budget: the year's median within 1 s of its response (the bound PRODUCT.md's history page
 * promises), and the ratio year/today is printed to show what a year costs over a day. Moved here from an
 * end-to-end test, whose timing rose and fell with whatever else the machine ran.
 */
const { runs } = numericArgs({ runs: 5 });
const YEAR_BUDGET_MS = 1_000;
const PRESET = { today: 0, year: 4 } as const;

/** Picks a range preset and times the response-to-drawn step (the chart marks itself data-rendered). */
async function renderMs(page: Page, preset: number): Promise<{ ms: number; points: number }> {
  await page.getByTestId('range-picker').first().click();
  const response = page.waitForResponse((r) => r.url().includes('/terminal/data/getSeries'));
  await page.locator('.ant-picker-presets li').nth(preset).click();
  await response;
  const t0 = Date.now();
  await page.locator('[data-testid="trend-chart"][data-rendered="true"]').waitFor({ timeout: 30_000 });
  const ms = Date.now() - t0;
  return { ms, points: Number(await page.getByTestId('trend-chart').getAttribute('data-points')) };
}

async function main() {
  const { page, close } = await openConsole('chart', log);
  try {
    await page.goto('/outdoorsEquipment/weatherWatches/historicalData');
    await page.locator('[data-testid="trend-chart"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    const times = { today: [] as number[], year: [] as number[] };
    let yearPoints = 0;
    for (let i = 0; i < runs; i++) {
      for (const which of ['today', 'year'] as const) {
        const r = await renderMs(page, PRESET[which]);
        times[which].push(r.ms);
        if (which === 'year') yearPoints = r.points;
        log(`run ${i + 1}: ${which} drawn ${r.ms} ms after its response (${r.points} points)`);
      }
    }
    const todayMs = percentile(Float64Array.from(times.today), 50);
    const yearMs = percentile(Float64Array.from(times.year), 50);
    const pass = yearMs < YEAR_BUDGET_MS && yearPoints > 300;
    const ratio = Math.round((yearMs / Math.max(1, todayMs)) * 10) / 10;
    process.stdout.write(`${JSON.stringify({ bench: 'chart', runs, todayMs, yearMs, ratio, yearPoints, pass })}\n`);
    if (!pass) throw new Error(`over budget: the year drawn in ${yearMs} ms (budget ${YEAR_BUDGET_MS} ms)`);
  } finally {
    await close();
  }
}

runBench(main);
