import { type AppLinks, type AppLinksInfo, Code } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine, signedIn } from '../../test/harness';

const A = '/api/merchant/app';
const LINKS = {
  android: 'https://apps.example.com/farmpark.apk',
  ios: 'https://apps.example.com/ios',
  mobileWeb: 'http://m.example.com/',
  miniProgram: '',
};

describeEachEngine('app download links', (env) => {
  const token = signedIn(env, 'demo', 'operator', 'demo2');

  it('starts unset, is set by an administrator and read by every user of the merchant with the help address', async () => {
    const before = await env().get<AppLinksInfo>(`${A}/getAppLinks`, token.operator);
    expect(before.code, before.msg).toBe(0);
    expect(before.data).toMatchObject({
      links: { android: '', ios: '', mobileWeb: '', miniProgram: '' },
      helpUrl: '',
      newScreenUrl: '',
      canEdit: false,
    });
    const saved = await env().post<AppLinks>(
      `${A}/alterAppLinks`,
      token.demo,
      { ...LINKS, ios: `  ${LINKS.ios} ` },
      true,
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toEqual(LINKS);
    const read = await env().get<AppLinksInfo>(`${A}/getAppLinks`, token.operator);
    expect(read.data.links).toEqual(LINKS);
    expect((await env().get<AppLinksInfo>(`${A}/getAppLinks`, token.demo)).data.canEdit).toBe(true);
    const log = await env()
      .db.selectFrom('system_log')
      .select(['login_name', 'result'])
      .where('action', '=', 'appLinks.alter')
      .execute();
    expect(log).toContainEqual({ login_name: 'demo', result: 'ok' });
  });

  it('refuses a non-administrator and addresses that are not http or https, changing nothing', async () => {
    const denied = await env().post(`${A}/alterAppLinks`, token.operator, {
      ...LINKS,
      android: 'https://evil.example/x',
    });
    expect(denied.code).toBe(Code.PERMISSION_DENIED);
    for (const bad of ['javascript:alert(1)', 'ftp://files.example.com/app', '/relative/app.apk', 'https://']) {
      const res = await env().post<{ field: string }[]>(`${A}/alterAppLinks`, token.demo, { ...LINKS, android: bad });
      expect(res.code, bad).toBe(Code.VALIDATION);
      expect(res.data[0]?.field, bad).toBe('android');
    }
    const long = await env().post(`${A}/alterAppLinks`, token.demo, {
      ...LINKS,
      ios: `https://a.example/${'x'.repeat(500)}`,
    });
    expect(long.code).toBe(Code.VALIDATION);
    expect((await env().get<AppLinksInfo>(`${A}/getAppLinks`, token.demo)).data.links).toEqual(LINKS);
  });

  it("keeps each merchant's links its own; the public page reads one merchant's links and nothing else", async () => {
    expect((await env().get<AppLinksInfo>(`${A}/getAppLinks`, token.demo2)).data.links.android).toBe('');
    const farm = env().ids.merchant.farm;
    const pub = await env().get<AppLinks>('/api/public/app/getAppLinks', undefined, { merchantId: String(farm) });
    expect(pub.code, pub.msg).toBe(0);
    expect(pub.data).toEqual(LINKS);
    // an unknown merchant answers like one that set none: ids cannot be probed
    const none = await env().get<AppLinks>('/api/public/app/getAppLinks', undefined, { merchantId: '999999' });
    expect(none.data).toEqual({ android: '', ios: '', mobileWeb: '', miniProgram: '' });
  });

  it('gives the help address the server is configured with', async () => {
    const { loadConfig } = await import('../../config');
    expect(loadConfig({ HELP_URL: 'https://help.example.com/docs' }).helpUrl).toBe('https://help.example.com/docs');
    expect(() => loadConfig({ HELP_URL: 'javascript:alert(1)' })).toThrow(/HELP_URL/);
    expect(loadConfig({ NEW_SCREEN_URL: 'https://screen.example.com/v2' }).newScreenUrl).toBe(
      'https://screen.example.com/v2',
    );
    expect(() => loadConfig({ NEW_SCREEN_URL: 'javascript:alert(1)' })).toThrow(/NEW_SCREEN_URL/);
  });
});
