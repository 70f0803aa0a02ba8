import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, expectNoRawKeys, openPage, pickOption, screenshot, sidewaysScroll, visit } from './browser';
import { api, apiLogin, LOOKS, login, menuTitles, signedInPage, tokenOf } from './session';

const browser = chromiumForFile();

const ROLE = '巡检员E2E';
const USER = 'e2e_inspector';
const PARK = '稻田镇智慧灌溉基地';

const choose = (page: Page, testId: string, option: string) => pickOption(page, page, testId, option);

async function checkTree(page: Page, title: string) {
  await page
    .getByTestId('permission-tree')
    .locator('.ant-tree-treenode', { has: page.locator(`[title="${title}"]`) })
    .locator('.ant-tree-checkbox')
    .click();
}

describe('administration: a limited user, enforced by the server, logged out when disabled', () => {
  it('creates a role with three menus and a one-park user; that user sees exactly those; disabling shows the dialog', async () => {
    const admin = await signedInPage(browser(), { path: '/system/user-mgt' });
    const a = admin.page;

    // role with three menus
    await a.getByRole('tab', { name: '角色' }).click();
    await a.getByTestId('role-create').click();
    await a.getByTestId('role-roleName').fill(ROLE);
    await a.getByTestId('permission-tree').waitFor();
    for (const page of ['园区信息', '通知记录', '苗情图片']) await checkTree(a, page);
    await screenshot(a, 'admin-role-dialog-zh-CN-1440');
    await a.getByTestId('role-save').click();
    await a.getByTestId('role-table').getByText(ROLE).waitFor();

    // a user limited to one park
    await a.getByRole('tab', { name: '用户' }).click();
    await a.getByTestId('user-create').click();
    await a.getByTestId('user-loginName').fill(USER);
    await a.getByTestId('user-userName').fill('巡检员小王');
    await a.getByTestId('user-loginPwd').fill('inspect123');
    await choose(a, 'user-roleId', ROLE);
    await choose(a, 'user-groupIds', PARK);
    await a.keyboard.press('Escape');
    await screenshot(a, 'admin-user-dialog-zh-CN-1440');
    await a.getByTestId('user-save').click();
    const row = a.getByTestId('user-table').locator('tr', { hasText: USER });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain(PARK);
    await screenshot(a, 'admin-users-zh-CN-1440');

    // that user, in another browser context
    const limited = await openPage(browser());
    await login(limited.page, USER, 'inspect123');
    expect(await menuTitles(limited.page)).toEqual(['首页', '园区管理', '视频监控', '告警管理']);
    const token = await tokenOf(limited.context);
    const parks = await api<{ groupName: string }[]>('/api/merchant/group/getGroupAndDeviceAllList', token);
    expect(parks.data.map((p) => p.groupName)).toEqual([PARK]);
    await limited.page.getByTestId('park-selector').locator('.ant-select').click();
    await limited.page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    const options = await limited.page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts();
    expect(options.map((o) => o.trim())).toEqual([`李秀英-${PARK}`]);
    await limited.page.keyboard.press('Escape');
    // a route outside the role is refused by the server itself
    const outside = await api('/api/merchant/user/getSysUserList', token);
    expect(outside.code).toBe(1004);
    const write = await api('/api/merchant/role/addRole', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ roleName: 'x', permitUrls: [] }),
    });
    expect(write.code).toBe(1004);
    // and the console does not route it either
    await limited.page.goto('/system/user-mgt');
    // a page of the menu they may not open lands on home with a message (issue 18), not on 404
    await limited.page.waitForURL((u) => u.pathname === '/dashboard');
    await limited.page.goto('/park/parkInfo');
    await limited.page.getByTestId('park-table').waitFor();

    // disabling from the administrator's session shows the forced-logout dialog at once
    const started = Date.now();
    await row.getByRole('switch').click();
    await a.locator('.ant-popconfirm .ant-btn-primary').click();
    const dialog = limited.page.getByTestId('forced-logout-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    await expect(dialog.innerText()).resolves.toContain('您已被迫退出登录');
    await screenshot(limited.page, 'admin-forced-logout-zh-CN-1440');

    // the system log shows each step with operator and address
    await a.goto('/system/system-log');
    const table = a.getByTestId('log-table');
    // the rows arrive after the first paint (a placeholder row comes first): wait for the content
    for (const action of ['停用用户', '新增用户', '新增角色']) {
      await expect.poll(() => table.innerText(), { timeout: 10_000 }).toContain(action);
    }
    const disabled = table.locator('tr', { hasText: '停用用户' }).first();
    await expect(disabled.innerText()).resolves.toMatch(/demo[\s\S]*127\.0\.0\.1[\s\S]*成功/);
    await screenshot(a, 'admin-system-log-zh-CN-1440');

    expect([...admin.problems, ...limited.problems]).toEqual([]);
    await admin.context.close();
    await limited.context.close();
  });
});

describe('administration pages in both languages and sizes', () => {
  const pages = [
    ['/system/user-mgt', 'user-table', 'user-mgt'],
    ['/system/system-log', 'log-table', 'system-log'],
    ['/system/AccountManage', 'screen-account-table', 'account-manage'],
    ['/system/LargeManage', 'screen-table', 'large-manage'],
  ] as const;
  for (const [locale, width] of LOOKS) {
    it(`renders every page without raw keys or overflow in ${locale} at ${width} px`, async () => {
      const { context, page, problems } = await signedInPage(browser(), { width, locale });
      for (const [path, table, name] of pages) {
        await visit(page, path);
        await page.getByTestId(table).locator('tbody tr:not(.ant-table-measure-row)').first().waitFor();
        await expectNoRawKeys(page, path);
        // the page never scrolls sideways: wide tables scroll inside themselves
        expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
        await screenshot(page, `admin-${name}-${locale}-${width}`);
      }
      await visit(page, '/system/LargeManage');
      await page.getByTestId('screen-create').click();
      await page.getByTestId('screen-form').waitFor();
      await screenshot(page, `admin-screen-dialog-${locale}-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('data-screen account', () => {
  it('lands on the screens of its parks with nothing else in the menu', async () => {
    const demo = await apiLogin('demo');
    const parks = await api<{ groupId: number; groupName: string }[]>(
      '/api/merchant/group/getGroupAndDeviceAllList',
      demo,
    );
    const park = parks.data.find((p) => p.groupName === PARK)!;
    const created = await api('/api/merchant/screenAccount/addScreenAccount', demo, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        loginName: 'e2e_wall',
        userName: '大厅大屏',
        loginPwd: 'screen123',
        groupIds: [park.groupId],
      }),
    });
    expect(created.code).toBe(0);
    for (const [locale, width] of [
      ['zh-CN', 1440],
      ['en-US', 390],
    ] as const) {
      const { context, page, problems } = await signedInPage(browser(), {
        width,
        locale,
        user: 'e2e_wall',
        password: 'screen123',
      });
      await page.getByTestId('screen-home').waitFor();
      await page.getByTestId('screen-home-list').getByText('示范农场多园区大屏').waitFor();
      if (width > 500) expect(await menuTitles(page)).toEqual(['数据大屏']);
      const token = await tokenOf(context);
      expect((await api('/api/merchant/user/getSysUserAllList', token)).code).toBe(1004);
      await screenshot(page, `admin-screen-home-${locale}-${width}`);
      // its park's built-in screen shows the park's data: no panel is refused to the account
      await page.getByTestId('screen-home-dark').first().click();
      await page.waitForURL(/\/large-screen\?groupId=/);
      await page.getByTestId('screen-devices').locator('[data-testid^="screen-count-"]').first().waitFor();
      await page.getByTestId('screen-weather').waitFor();
      await expect
        .poll(() => page.locator('[data-testid$="-state"][data-kind="loading"]').count(), { timeout: 20_000 })
        .toBe(0);
      expect(await page.locator('[data-kind="forbidden"], [data-kind="error"]').count()).toBe(0);
      await screenshot(page, `admin-screen-account-dark-${locale}-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
