import { Code, DEFAULT_MESSAGES, LOGIN_LIMIT } from '@farmpark/contracts';
import { expect, it, vi } from 'vitest';
import { describeEachEngine, type TestEnv } from '../../test/harness';

const LOGIN = '/api/merchant/login/loginByPassword';
const RESET = '/api/merchant/user/resetLoginPwd';
const SPEC_1604 = DEFAULT_MESSAGES[Code.RATE_LIMITED];
const FREE = LOGIN_LIMIT.freeFailures;

async function attempt(env: TestEnv, address: string, loginName: string, loginPwd: string) {
  const res = await env.app.inject({
    method: 'POST',
    url: LOGIN,
    payload: { loginName, loginPwd },
    remoteAddress: address,
  });
  const body = res.json() as { code: number; msg: string; data: unknown };
  return { ...body, retryAfter: res.headers['retry-after'] };
}

const countLog = async (env: TestEnv, action: string, code: number, loginName: string) =>
  (
    await env.db
      .selectFrom('system_log')
      .select('id')
      .where('action', '=', action)
      .where('result_code', '=', code)
      .where('login_name', '=', loginName)
      .execute()
  ).length;

/** Runs `body` with Date.now() moved `ms` ahead (only Date is faked; the database and sockets run for real). */
async function later<T>(ms: number, body: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
  try {
    return await body();
  } finally {
    vi.useRealTimers();
  }
}

describeEachEngine('login limits', (env) => {
  it('40 parallel wrong guesses: only the free allowance reaches the password check, the rest get 1604', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(env(), '10.2.0.1', 'demo2', `wrong-guess-${i}`)),
    );
    const failed = results.filter((r) => r.code === Code.LOGIN_FAILED);
    const limited = results.filter((r) => r.code === Code.RATE_LIMITED);
    expect(failed).toHaveLength(FREE);
    expect(limited).toHaveLength(40 - FREE);
    expect(await countLog(env(), 'login', Code.LOGIN_FAILED, 'demo2')).toBe(FREE);
    // the answer says how long to wait, in the message and as Retry-After
    expect(limited[0].msg.startsWith(SPEC_1604)).toBe(true);
    expect(limited[0].msg).toMatch(/try again in \d+ s/);
    expect(Number(limited[0].retryAfter)).toBeGreaterThan(0);
  });

  it('10 simultaneous right-password sign-ins of one account from one address all get in (walls behind one NAT)', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => attempt(env(), '10.2.0.9', 'operator', 'demo123456')),
    );
    expect(results.map((r) => r.code)).toEqual(Array(10).fill(0));
    expect(await countLog(env(), 'login', Code.RATE_LIMITED, 'operator')).toBe(0);
  });

  it('does not lock the owner out: from another address the right password works at once', async () => {
    // the attacker's pair is still waiting, even with the right password
    const attacker = await attempt(env(), '10.2.0.1', 'demo2', 'demo123456');
    expect(attacker.code).toBe(Code.RATE_LIMITED);
    expect((await attempt(env(), '10.2.0.2', 'demo2', 'demo123456')).code).toBe(0);
  });

  it('answers in Chinese for a Chinese reader', async () => {
    const res = await env().app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      payload: { loginName: 'demo2', loginPwd: 'wrong-again1' },
      remoteAddress: '10.2.0.1',
    });
    expect(res.json().msg).toMatch(/^访问过于频繁，请稍候再试！（请 \d+ 秒后再试）$/);
  });

  it('lets the pair try again after the wait, doubles the wait on failure, and resets on success', async () => {
    const first = LOGIN_LIMIT.baseDelayMs;
    await later(first + 1000, async () => {
      expect((await attempt(env(), '10.2.0.1', 'demo2', 'still-wrong1')).code).toBe(Code.LOGIN_FAILED);
      const next = await attempt(env(), '10.2.0.1', 'demo2', 'demo123456');
      expect(next.code).toBe(Code.RATE_LIMITED);
      expect(Number(next.retryAfter)).toBe((2 * first) / 1000);
    });
    await later(first + 1000 + 2 * first + 1000, async () => {
      expect((await attempt(env(), '10.2.0.1', 'demo2', 'demo123456')).code).toBe(0);
      // the success forgave the pair: the free allowance is whole again
      for (let i = 0; i < FREE; i++) {
        expect((await attempt(env(), '10.2.0.1', 'demo2', `wrong-after-${i}`)).code).toBe(Code.LOGIN_FAILED);
      }
      expect((await attempt(env(), '10.2.0.1', 'demo2', 'wrong-after-x')).code).toBe(Code.RATE_LIMITED);
    });
  });

  it('limits the old-password check of a password change the same way, per user and address', async () => {
    const token = await env().login('operator');
    const change = (address: string, oldPwd: string) =>
      env().app.inject({
        method: 'POST',
        url: RESET,
        headers: { AuthToken: token },
        payload: { oldPwd, newPwd: 'newpass123' },
        remoteAddress: address,
      });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => change('10.3.0.1', `not-old-${i}`).then((r) => r.json().code)),
    );
    expect(results.filter((c) => c === Code.OLD_PASSWORD_WRONG)).toHaveLength(FREE);
    expect(results.filter((c) => c === Code.RATE_LIMITED)).toHaveLength(40 - FREE);
    expect(await countLog(env(), 'password.change', Code.OLD_PASSWORD_WRONG, 'operator')).toBe(FREE);
    const limited = await change('10.3.0.1', 'demo123456');
    expect(limited.json().code).toBe(Code.RATE_LIMITED);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // from another address the check still runs (and the password stays unchanged here)
    expect((await change('10.3.0.2', 'not-old-x')).json().code).toBe(Code.OLD_PASSWORD_WRONG);
  });
});
