import { describe, expect, it } from 'vitest';
import { chromiumForFile, expectNoRawKeys, openPage, screenshot } from './browser';
import { api, apiLogin, DEMO_PASSWORD, LOOKS, login, loginViaForm, menuTitles, signedInPage, tokenOf } from './session';

const browser = chromiumForFile();

describe('foundation: sign-in, menu, park switch, forced logout', () => {
  it('sends a deep link without a token to login with redirect, and back after login', async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto('/park/parkInfo');
    await page.waitForURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/park/parkInfo');
    await loginViaForm(page, '  demo  ');
    expect(new URL(page.url()).pathname).toBe('/park/parkInfo');
    await page.getByTestId('park-table').waitFor();
    await expect(page.title()).resolves.toContain('园区信息');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the administrator every section and the operator only what their role grants', async () => {
    const admin = await openPage(browser());
    await login(admin.page, 'demo');
    const adminMenu = await menuTitles(admin.page);
    expect(adminMenu).toEqual(expect.arrayContaining(['首页', '园区管理', '灌溉管理', '系统管理', '告警管理']));

    const op = await openPage(browser());
    await login(op.page, 'operator');
    const opMenu = await menuTitles(op.page);
    expect(opMenu).toContain('灌溉管理');
    expect(opMenu).not.toContain('系统管理');
    expect(opMenu).not.toContain('园区管理');
    expect(opMenu.length).toBeLessThan(adminMenu.length);

    // A page outside the operator's role is not routable for them.
    await op.page.goto('/system/user-mgt');
    // a page of the menu they may not open lands on home with a message (issue 18), not on 404
    await op.page.waitForURL((u) => u.pathname === '/dashboard');
    expect([...admin.problems, ...op.problems]).toEqual([]);
    await admin.context.close();
    await op.context.close();
  });

  it('switches the active park through /refresh and rebuilds the park-type menu', async () => {
    const { context, page, problems } = await openPage(browser());
    await login(page, 'demo');
    const card = page.getByTestId('park-card');
    await expect(card.innerText()).resolves.toContain('寿光蔬菜高科技示范园');
    const before = await menuTitles(page);
    expect(before).toContain('植保管理');

    await page.getByTestId('park-selector').locator('.ant-select').click();
    const seen: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) seen.push(new URL(f.url()).pathname);
    });
    await page.locator('.ant-select-item-option', { hasText: '稻田镇智慧灌溉基地' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect(card.innerText()).resolves.toContain('稻田镇智慧灌溉基地');
    // Park 2 has no insecticidal lamps and no control cabinets: those sections disappear.
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="sidebar-menu"]')?.textContent?.includes('植保管理'),
    );
    expect(seen.some((p) => p.startsWith('/refresh'))).toBe(true);
    const stored = await page.evaluate(() => sessionStorage.getItem('ag_merchant_group_id'));
    expect(stored).toBe('2');
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [locale, width] of LOOKS) {
    it(`shows the forced-logout dialog at once when the session is ended elsewhere (${locale}, ${width} px)`, async () => {
      const { context, page, problems } = await signedInPage(browser(), { width, locale });
      await page.waitForFunction(
        () => document.querySelector('[data-testid="mqtt-status"]')?.getAttribute('data-connected') === 'true',
      );
      const token = await tokenOf(context);
      // The same user signs this session out from elsewhere; the console learns it over MQTT, not by polling.
      const other = await apiLogin('demo');
      const r = await api(`/api/merchant/user/center/logout?token=${encodeURIComponent(token)}`, other);
      expect(r.code).toBe(0);
      const dialog = page.getByTestId('forced-logout-dialog');
      await dialog.waitFor({ timeout: 5_000 });
      if (locale === 'zh-CN') await expect(dialog.innerText()).resolves.toContain('您已被迫退出登录');
      else await expect(dialog.innerText()).resolves.toMatch(/signed out/i);
      await screenshot(page, `forced-logout-${locale}-${width}`);
      await page.getByTestId('forced-logout-relogin').click();
      await page.waitForURL(/\/login/);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('stays signed in when the page is reloaded while the console is still starting', async () => {
    const { context, page, problems } = await openPage(browser());
    // the park list, a step of building the menu, answers slowly: the reload leaves while it is in flight
    let held = false;
    await page.route('**/api/merchant/group/getGroupAndDeviceAllList*', async (route) => {
      if (!held) {
        held = true;
        await new Promise((r) => setTimeout(r, 3_000));
      }
      await route.continue().catch(() => undefined); // the left page's request is gone by then
    });
    await page.goto('/login');
    await page.getByTestId('login-name').fill('demo');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => held, { timeout: 15_000 }).toBe(true);
    await page.reload();
    await page.getByTestId('user-dropdown').waitFor();
    // a new document reads the session from the cookie again: the page left must not have ended it
    await page.goto('/park/parkInfo');
    await page.getByTestId('park-table').waitFor();
    expect(new URL(page.url()).pathname).toBe('/park/parkInfo');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('logs out from the user menu, and the old token stops working', async () => {
    const { context, page, problems } = await openPage(browser());
    await login(page, 'demo');
    const token = await tokenOf(context);
    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('logout-item').click();
    await page.waitForURL(/\/login/);
    const r = await api('/api/merchant/user/center/getMerchantUserInfo', token);
    expect(r.code).toBe(905);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('foundation: layouts in both languages and sizes', () => {
  for (const [locale, width] of LOOKS) {
    it(`login, home and park selector in ${locale} at ${width} px`, async () => {
      // with the system's motion on: the animated dialogs and charts most users see
      const { context, page, problems } = await openPage(browser(), {
        width,
        height: width > 500 ? 900 : 844,
        motion: 'no-preference',
      });
      await context.addInitScript((lng) => localStorage.setItem('ag_merchant_lang', lng), locale);
      await page.goto('/login');
      await page.getByTestId('login-submit').waitFor();
      await screenshot(page, `login-${locale}-${width}`);
      await loginViaForm(page, 'demo');
      await page.getByTestId('park-card').waitFor();
      // No raw i18n keys (like "navbar.park") may reach the screen.
      await expectNoRawKeys(page, `home ${locale} ${width}`);
      if (locale === 'en-US') expect(await page.locator('body').innerText()).toContain('Park');
      await screenshot(page, `home-${locale}-${width}`);
      if (width < 992) {
        // Mobile mode: the menu is a drawer opened from the toggle.
        await page.getByTestId('sidebar-toggle').click();
        await page.getByTestId('sidebar-menu').waitFor();
        await screenshot(page, `menu-${locale}-${width}`);
        await page.keyboard.press('Escape');
        // closed, and focus handed back, before the next click: a select opened while the drawer's close was
        // still running lost focus to the drawer's toggle and shut again (CI, en-US 390 px)
        await page.getByTestId('sidebar-menu').waitFor({ state: 'hidden' });
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.closest('.ant-drawer') === null))
          .toBe(true);
      }
      await page.getByTestId('park-selector').locator('.ant-select').click();
      await page.locator('.ant-select-item-option').first().waitFor();
      await screenshot(page, `park-selector-${locale}-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
