import { Code, LOGIN_LIMIT } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';

// Behind one proxy (TRUST_PROXY=1) the client's address is the one the proxy appended, the rightmost: a client
// that writes its own X-Forwarded-For on each guess still meets the login limit of its real address.
describeEachEngine(
  'the client address behind one trusted proxy',
  (env) => {
    it('counts spoofed X-Forwarded-For guesses against the address the proxy saw', async () => {
      const guess = (i: number) =>
        env().app.inject({
          method: 'POST',
          url: '/api/merchant/login/loginByPassword',
          payload: { loginName: 'demo2', loginPwd: `wrong-${i}` },
          remoteAddress: '10.9.0.1', // the proxy
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        });
      const codes: number[] = [];
      for (let i = 0; i < 40; i++) codes.push((await guess(i)).json().code);
      expect(codes.filter((c) => c === Code.LOGIN_FAILED)).toHaveLength(LOGIN_LIMIT.freeFailures);
      expect(codes.filter((c) => c === Code.RATE_LIMITED)).toHaveLength(40 - LOGIN_LIMIT.freeFailures);
      const logged = await env()
        .db.selectFrom('system_log')
        .select('ip')
        .where('action', '=', 'login')
        .where('login_name', '=', 'demo2')
        .execute();
      expect(new Set(logged.map((l) => l.ip))).toEqual(new Set(['203.0.113.7']));
    });
  },
  { TRUST_PROXY: '1' },
);
