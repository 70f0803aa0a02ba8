import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, pickOption, screenshot } from './browser';
import { signedInPage } from './session';

/**
 * Brief "one door for messages": the planting, report, growth-standard, code and camera forms check
 * the contract before sending. A bad value shows its rule under its field in the page's language, with
 * no request made, no field path and (on a zh-CN page) no English word.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Lang = 'zh-CN' | 'en-US';

/** The error under the form item holding the input `#id`. */
const errorUnder = (form: Locator, id: string) =>
  form
    .locator('.ant-form-item')
    .filter({ has: form.page().locator(`#${id}`) })
    .last()
    .locator('.ant-form-item-explain-error');

/** Fills an input of a dialog that may still be settling (a reset as it opens clears early input). */
async function fillKept(input: Locator, value: string) {
  await expect
    .poll(
      async () => {
        if ((await input.inputValue()) !== value) await input.fill(value);
        return input.inputValue();
      },
      { timeout: 10_000 },
    )
    .toBe(value);
}

/** Chooses the first option of the antd Select holding `testId` (the one active when it opens). */
async function pickFirst(page: Page, testId: string) {
  const select = page.getByTestId(testId);
  // read back from its form item, whose text is only the label until something is chosen
  const item = page.locator('.ant-form-item').filter({ has: select }).last();
  const empty = await item.innerText();
  await expect
    .poll(
      async () => {
        if ((await item.innerText()) === empty) {
          await select.click();
          await page.waitForTimeout(300);
          await page.keyboard.press('Enter');
        }
        return (await item.innerText()) !== empty;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Counts the page's write requests (POST) to the API from now on. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/')) posts.push(r.url());
  });
  return posts;
}

async function expectRule(error: Locator, lang: Lang, names: string[]) {
  await error.first().waitFor({ timeout: 10_000 });
  const text = (await error.first().innerText()).trim();
  for (const name of names) expect(text).toContain(name);
  expect(text).not.toMatch(/\w+\.\d+\.|\b\w+Id\b|\b(sownOn|reportedOn|toSeq|streamUrl|max)\b/);
  // What a person types (rtsp://, https://, .m3u8) is not a word of another language.
  if (lang === 'zh-CN') expect(text.replace(/[a-z]+:\/\/|\.[a-z0-9]+\b/g, '')).not.toMatch(/[A-Za-z]{2,}/);
  return text;
}

/**
 * Saves a form the page must refuse by itself: `check` reads the messages, the page is photographed as
 * `form-messages-<shot>`, and no write request went out.
 */
async function refusedBeforeSending(page: Page, save: Locator, shot: string, check: () => Promise<unknown>) {
  const posts = countPosts(page);
  await save.click();
  await check();
  await screenshot(page, `form-messages-${shot}`);
  expect(posts).toEqual([]);
}

const WORDS = {
  'zh-CN': {
    sownOn: '播种日期',
    transplantedOn: '定植日期',
    sampledOn: '抽样日期',
    reportedOn: '报告日期',
    max: '上限',
    stage: '第 1 个阶段',
    fromSeq: '起始序号',
    toSeq: '结束序号',
    temp: '空气温度',
  },
  'en-US': {
    sownOn: 'Sown on',
    transplantedOn: 'Transplanted on',
    sampledOn: 'Sampled on',
    reportedOn: 'Reported on',
    max: 'High',
    stage: 'stage 1',
    fromSeq: 'From No.',
    toSeq: 'To No.',
    temp: 'Air temperature',
  },
} as const;

describe.each(['zh-CN', 'en-US'] as const)('form rules before sending (%s)', (lang) => {
  const w = WORDS[lang];
  const tag = lang === 'zh-CN' ? 'zh' : 'en';

  it('planting, report and growth standard', async () => {
    const { context, page, problems } = await signedInPage(browser, {
      locale: lang,
      path: '/productionManagement/plant',
    });
    await page.getByTestId('planting-create').click();
    const planting = page.getByTestId('planting-form');
    // Every other field valid: a body's cross-field rules run once its fields pass.
    await pickFirst(page, 'planting-plot');
    await pickFirst(page, 'planting-crop');
    await fillKept(planting.locator('#areaMu'), '2.5');
    await fillKept(planting.locator('#sownOn'), '2026-05-10');
    await fillKept(planting.locator('#transplantedOn'), '2026-05-01');
    await fillKept(planting.locator('#expectedHarvestOn'), '2026-09-01');
    await refusedBeforeSending(page, page.getByTestId('planting-save'), `planting-${tag}`, () =>
      expectRule(errorUnder(planting, 'transplantedOn'), lang, [w.transplantedOn, w.sownOn]),
    );
    await page.keyboard.press('Escape');

    await page.goto('/tracingCenter/rootsReport');
    await page.getByTestId('report-create').click();
    const report = page.getByTestId('report-form');
    await fillKept(report.locator('#agency'), '检测中心');
    await fillKept(report.locator('#reportNo'), 'JC-E2E');
    await fillKept(report.locator('#sampledOn'), '2026-05-20');
    await fillKept(report.locator('#reportedOn'), '2026-05-10');
    await refusedBeforeSending(page, page.getByTestId('report-save'), `report-${tag}`, () =>
      expectRule(errorUnder(report, 'reportedOn'), lang, [w.reportedOn, w.sampledOn]),
    );
    await page.keyboard.press('Escape');

    await page.goto('/productionManagement/growthStage');
    await page.locator('[data-testid^="standard-edit-"]').first().click();
    const standard = page.getByTestId('standard-form');
    await page.getByTestId('stage-add').click();
    const last = (await standard.locator('[data-testid^="stage-name-"]').count()) - 1;
    await page.getByTestId(`stage-name-${last}`).fill('E2E');
    await page.getByTestId(`range-add-${last}`).click();
    await pickOption(page, standard, `range-key-${last}-0`, w.temp);
    await page.getByTestId(`range-min-${last}-0`).fill('30');
    await page.getByTestId(`range-max-${last}-0`).fill('10');
    const maxItem = standard
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId(`range-max-${last}-0`) })
      .locator('.ant-form-item-explain-error');
    await refusedBeforeSending(page, page.getByTestId('standard-save'), `standard-${tag}`, () =>
      expectRule(maxItem, lang, [w.max]),
    );
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('code range and camera', async () => {
    const { context, page, problems } = await signedInPage(browser, {
      locale: lang,
      path: '/tracingCenter/rootsProductCode',
    });
    await page.getByTestId('code-void-range').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('code-void-reason') });
    await fillKept(dialog.locator('#fromSeq'), '50');
    await fillKept(dialog.locator('#toSeq'), '10');
    await page.getByTestId('code-void-reason').fill('E2E');
    await refusedBeforeSending(page, page.getByTestId('code-void-ok'), `code-${tag}`, () =>
      expectRule(errorUnder(dialog, 'toSeq'), lang, [w.toSeq, w.fromSeq]),
    );
    await page.keyboard.press('Escape');

    await page.goto('/system/video-setup');
    await page.getByTestId('camera-add').click();
    const camera = page.getByTestId('camera-form');
    await fillKept(camera.locator('#streamUrl'), 'ftp://camera.local/live');
    const save = page.locator('.ant-modal').filter({ has: camera }).locator('.ant-btn-primary');
    await refusedBeforeSending(page, save, `camera-${tag}`, async () => {
      await expectRule(errorUnder(camera, 'streamUrl'), lang, []);
      await expectRule(errorUnder(camera, 'name'), lang, []);
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
