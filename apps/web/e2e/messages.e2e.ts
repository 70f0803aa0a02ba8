import { describe, expect, it } from 'vitest';
import { chromiumForFile, screenshot } from './browser';
import { signedInPage } from './session';

const browser = chromiumForFile();

/** Issue 12 point 4: a business error from the server sits under its field, in the reader's words. */
describe('server field errors in plain words', () => {
  it.each([
    ['zh-CN', '园区名称“稻田镇智慧灌溉基地”已存在'],
    ['en-US', 'Park name "稻田镇智慧灌溉基地" already exists'],
  ] as const)('a duplicate park name in %s', async (locale, text) => {
    const { context, page, problems } = await signedInPage(browser(), { locale, path: '/park/parkInfo' });
    await page.getByTestId('park-create').click();
    await page.getByTestId('park-groupName').fill('稻田镇智慧灌溉基地');
    await page.getByTestId('park-save').click();
    const under = page.getByTestId('park-form').locator('.ant-form-item-explain-error', { hasText: text });
    await under.waitFor({ timeout: 10_000 });
    await screenshot(page, `messages-duplicate-park-${locale}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
