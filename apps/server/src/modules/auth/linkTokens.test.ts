import { Code, LINK_TOKEN_TTL_MS, type LinkToken, type LinkTokenHolder } from '@farmpark/contracts';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../../test/harness';

const ISSUE = '/api/merchant/user/center/getLinkToken';
const CHECK = '/api/public/linkToken/check';

describeEachEngine('link tokens for help and the new-version screen', (env) => {
  afterEach(() => vi.useRealTimers());

  const issue = async (session: string, target: string) => {
    const res = await env().post<LinkToken>(ISSUE, session, { target });
    expect(res.code, res.msg).toBe(0);
    return res.data;
  };
  const check = (token: string, target: string) => env().get<LinkTokenHolder>(CHECK, undefined, { token, target });

  it('opens its own target for whoever asked, and nothing else; it never carries the session token', async () => {
    const session = await env().login('operator');
    const help = await issue(session, 'help');
    expect(help.token).not.toContain(session);
    expect(help.expiresAt - Date.now()).toBeLessThanOrEqual(LINK_TOKEN_TTL_MS);
    const read = await check(help.token, 'help');
    expect(read.code, read.msg).toBe(0);
    expect(read.data).toMatchObject({ target: 'help', loginName: 'operator', merchantId: env().ids.merchant.farm });
    // not the data screen's, not a console session
    expect((await check(help.token, 'newScreen')).code).toBe(Code.PERMISSION_DENIED);
    expect((await env().get(ISSUE.replace('getLinkToken', 'getMerchantUserInfo'), help.token)).code).toBe(
      Code.TOKEN_INVALID,
    );
    // the session token itself is no link token
    expect((await check(session, 'help')).code).toBe(Code.PERMISSION_DENIED);
  });

  it('is refused when forged, past its two minutes, or once its session has ended', async () => {
    const session = await env().login('demo');
    const { token } = await issue(session, 'newScreen');
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await check(forged, 'newScreen')).code).toBe(Code.PERMISSION_DENIED);
    const otherSession = token.replace(/^lnk\.[0-9a-z]+\./, 'lnk.1.');
    expect((await check(otherSession, 'newScreen')).code).toBe(Code.PERMISSION_DENIED);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LINK_TOKEN_TTL_MS + 1000);
    const late = await check(token, 'newScreen');
    expect(late.code).toBe(Code.PERMISSION_DENIED);
    expect(late.msg).toMatch(/链接已失效|expired/);
    vi.useRealTimers();

    const fresh = await issue(session, 'newScreen');
    expect((await check(fresh.token, 'newScreen')).code).toBe(0);
    expect((await env().get('/api/merchant/user/center/logout', session)).code).toBe(0);
    expect((await check(fresh.token, 'newScreen')).code).toBe(Code.PERMISSION_DENIED);
  });

  it('asks for a known target', async () => {
    const session = await env().login('demo');
    expect((await env().post(ISSUE, session, { target: 'console' })).code).toBe(Code.VALIDATION);
  });
});
