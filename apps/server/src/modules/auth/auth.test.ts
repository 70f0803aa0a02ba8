import { Code } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { describeEachEngine } from '../../test/harness';

const LOGIN = '/api/merchant/login/loginByPassword';
const INFO = '/api/merchant/user/center/getMerchantUserInfo';
const LOGOUT = '/api/merchant/user/center/logout';
const RESET = '/api/merchant/user/resetLoginPwd';

describeEachEngine('auth', (env) => {
  it('logs in with a padded login name, form-encoded, and returns a token', async () => {
    const res = await env().post<string>(LOGIN, undefined, { loginName: '  demo  ', loginPwd: 'demo123456' }, true);
    expect(res.code).toBe(0);
    expect(res.data).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await env().get<{ userName: string }>(INFO, res.data);
    expect(info.code).toBe(0);
    expect(info.data.userName).toBe('示范农场管理员');
  });

  it('accepts a JSON login too', async () => {
    const res = await env().post(LOGIN, undefined, { loginName: 'demo', loginPwd: 'demo123456' });
    expect(res.code).toBe(0);
  });

  it('refuses a wrong password and an unknown name with the same code and message', async () => {
    const wrong = await env().call({
      method: 'POST',
      url: LOGIN,
      payload: { loginName: 'demo', loginPwd: 'nope-nope1' },
      remoteAddress: '10.0.0.2',
    });
    const unknown = await env().call({
      method: 'POST',
      url: LOGIN,
      payload: { loginName: 'nobody', loginPwd: 'nope-nope1' },
      remoteAddress: '10.0.0.2',
    });
    expect(wrong.code).toBe(Code.LOGIN_FAILED);
    expect(wrong.msg).toBe('Wrong login name or password');
    expect(unknown).toEqual(wrong);
  });

  it('names the missing field', async () => {
    const res = await env().post(LOGIN, undefined, { loginName: '   ' }, true);
    expect(res.code).toBe(Code.VALIDATION);
    expect(res.msg).toBe('Login name is required; Password is required');
    expect(fieldsOf(res)).toEqual(['loginName', 'loginPwd']);
  });

  it('answers 900 without a token and 901 for a garbage token', async () => {
    expect((await env().get(INFO)).code).toBe(Code.TOKEN_MISSING);
    expect((await env().get(INFO, 'garbage')).code).toBe(Code.TOKEN_INVALID);
    expect((await env().get(INFO, 'A'.repeat(43))).code).toBe(Code.TOKEN_INVALID);
  });

  it('takes the token from the ag_merchant_token cookie when there is no header', async () => {
    const token = await env().login('demo');
    const res = await env().call({ method: 'GET', url: INFO, cookies: { ag_merchant_token: token } });
    expect(res.code).toBe(0);
  });

  it('ends a session on logout: later calls get 905', async () => {
    const token = await env().login('demo');
    expect((await env().get(LOGOUT, token)).code).toBe(0);
    const after = await env().get(INFO, token);
    expect(after.code).toBe(Code.LOGGED_OUT);
  });

  it('refuses to log out a session of another user', async () => {
    const victim = await env().login('operator');
    const other = await env().login('demo');
    const res = await env().get(LOGOUT, other, { token: victim });
    expect(res.code).toBe(Code.NOT_FOUND);
    expect((await env().get(INFO, victim)).code).toBe(0);
    expect((await env().get(INFO, other)).code).toBe(0);
  });

  it('changes the password: other sessions end with 906, the current one stays', async () => {
    const current = await env().login('operator');
    const other = await env().login('operator');
    const wrongOld = await env().post(RESET, current, { oldPwd: 'not-it-1', newPwd: 'newpass123' });
    expect(wrongOld.code).toBe(Code.OLD_PASSWORD_WRONG);
    expect((await env().get(INFO, other)).code).toBe(0);

    const weak = await env().post(RESET, current, { oldPwd: 'demo123456', newPwd: 'short' }, true);
    expect(weak.code).toBe(Code.VALIDATION);
    expect(weak.msg).toMatch(/^New password needs at least 8 characters/);
    expect(fieldsOf(weak)).toContain('newPwd');

    const res = await env().post(RESET, current, { oldPwd: 'demo123456', newPwd: 'newpass123' }, true);
    expect(res.code).toBe(0);
    expect((await env().get(INFO, other)).code).toBe(Code.PASSWORD_CHANGED);
    expect((await env().get(INFO, current)).code).toBe(0);
    await expect(env().login('operator')).rejects.toThrow(/1002/);
    await env().login('operator', 'newpass123');

    // put it back for the other tests of this file
    const back = await env().post(RESET, current, { oldPwd: 'newpass123', newPwd: 'demo123456' });
    expect(back.code).toBe(0);
  });

  it('rate-limits one address trying many names', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await env().call({
        method: 'POST',
        url: LOGIN,
        payload: { loginName: `guess${i}`, loginPwd: 'wrong-pwd1' },
        remoteAddress: '10.9.9.9',
      });
      last = res.code;
    }
    expect(last).toBe(Code.RATE_LIMITED);
    // the owner is limited from that address too, not from another (see loginLimits.test.ts for the rest)
    const from = (remoteAddress: string) =>
      env().call({ method: 'POST', url: LOGIN, payload: { loginName: 'demo', loginPwd: 'demo123456' }, remoteAddress });
    expect((await from('10.9.9.9')).code).toBe(Code.RATE_LIMITED);
    expect((await from('10.9.9.10')).code).toBe(0);
  });

  it('ends the oldest session when a user holds too many (915)', async () => {
    const first = await env().login('demo');
    for (let i = 0; i < 10; i++) await env().login('demo');
    expect((await env().get(INFO, first)).code).toBe(Code.LOGGED_IN_ELSEWHERE);
  });

  it('ends sessions of a disabled user with 907 and of a disabled merchant with 912', async () => {
    const { db, ids } = env();
    const op = await env().login('operator');
    await db.updateTable('users').set({ enabled: 0 }).where('id', '=', ids.users.operator).execute();
    expect((await env().get(INFO, op)).code).toBe(Code.ACCOUNT_DISABLED);
    const again = await env().post(LOGIN, undefined, { loginName: 'operator', loginPwd: 'demo123456' });
    expect(again.code).toBe(Code.ACCOUNT_DISABLED);
    await db.updateTable('users').set({ enabled: 1 }).where('id', '=', ids.users.operator).execute();
    // the ended session stays ended, with its code
    expect((await env().get(INFO, op)).code).toBe(Code.ACCOUNT_DISABLED);

    const d2 = await env().login('operator');
    await db.updateTable('merchants').set({ enabled: 0 }).where('id', '=', ids.merchant.farm).execute();
    expect((await env().get(INFO, d2)).code).toBe(Code.MERCHANT_DISABLED);
    await db.updateTable('merchants').set({ enabled: 1 }).where('id', '=', ids.merchant.farm).execute();
  });

  it('expires sessions after their lifetime (903) and after idling (904)', async () => {
    const { db } = env();
    const a = await env().login('operator');
    const b = await env().login('operator');
    const rows = await db.selectFrom('sessions').select(['id']).orderBy('id', 'desc').limit(2).execute();
    const [idB, idA] = rows.map((r) => r.id);
    await db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', idA)
      .execute();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: Date.now() - 25 * 3600_000 })
      .where('id', '=', idB)
      .execute();
    expect((await env().get(INFO, a)).code).toBe(Code.TOKEN_EXPIRED);
    expect((await env().get(INFO, b)).code).toBe(Code.SESSION_IDLE);
  });

  it('records logins, failures, logouts and password changes in the system log', async () => {
    const rows = await env()
      .db.selectFrom('system_log')
      .select(['action', 'result', 'result_code', 'login_name', 'ip'])
      .execute();
    const seen = new Set(rows.map((r) => `${r.action}:${r.result_code}`));
    for (const k of ['login:0', 'login:1002', 'login:1604', 'logout:0', 'password.change:0', 'password.change:1007']) {
      expect(seen, k).toContain(k);
    }
    expect(rows.find((r) => r.action === 'login' && r.result === 'ok')?.ip).toBeTruthy();
  });
});
