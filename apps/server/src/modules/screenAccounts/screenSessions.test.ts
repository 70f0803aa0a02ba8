import { Code, type ScreenAccount, SESSION_IDLE_MS, SESSION_TTL_MS } from '@farmpark/contracts';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../../test/harness';

const A = '/api/merchant/screenAccount';
const LIST = '/api/merchant/screen/getScreenList';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Only Date is faked: the database, the broker and the sockets run for real. */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

describeEachEngine('data-screen account sessions', (env) => {
  let demo: string;
  let account: ScreenAccount;
  beforeAll(async () => {
    demo = await env().login('demo');
    const added = await env().post<ScreenAccount>(`${A}/addScreenAccount`, demo, {
      loginName: 'hall',
      userName: '展厅大屏',
      loginPwd: 'screen123',
      groupIds: [env().ids.parks.farm[1]],
    });
    expect(added.code, added.msg).toBe(0);
    account = added.data;
  });
  afterEach(() => vi.useRealTimers());

  it('a screen that stays open keeps its session for weeks; a console session still ends after its lifetime', async () => {
    const start = Date.now();
    const wall = await env().login('hall', 'screen123');
    const staff = await env().login('operator');
    // the screen refreshes every few minutes; here once every 20 hours, under the idle limit
    for (let at = start + 20 * HOUR; at < start + 5 * SESSION_TTL_MS; at += 20 * HOUR) {
      clockAt(at);
      const res = await env().get(LIST, wall);
      expect(res.code, `${(at - start) / DAY} days`).toBe(0);
    }
    clockAt(start + SESSION_TTL_MS + HOUR);
    // the same rhythm does not stretch a staff session: it ends at its absolute lifetime
    const staffLate = await env().get(LIST, staff);
    expect(staffLate.code).toBe(Code.TOKEN_EXPIRED);
    const row = await env()
      .db.selectFrom('sessions')
      .select(['expires_at'])
      .where('user_id', '=', account.userId)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at)).toBeGreaterThan(start + 4 * SESSION_TTL_MS);
  });

  it('a screen switched off for longer than the idle limit signs in again', async () => {
    const start = Date.now();
    const wall = await env().login('hall', 'screen123');
    clockAt(start + SESSION_IDLE_MS + HOUR);
    expect((await env().get(LIST, wall)).code).toBe(Code.SESSION_IDLE);
  });

  it('disabling the account ends a renewed session at its next call', async () => {
    const start = Date.now();
    const wall = await env().login('hall', 'screen123');
    for (let at = start + 20 * HOUR; at <= start + 20 * DAY; at += 20 * HOUR) {
      clockAt(at);
      expect((await env().get(LIST, wall)).code).toBe(0);
    }
    // the administrator signs in on the day (their own session of the test's start has ended by then)
    const admin = await env().login('demo');
    const off = await env().post(`${A}/enableScreenAccount`, admin, { userId: account.userId, enabled: false });
    expect(off.code, off.msg).toBe(0);
    expect((await env().get(LIST, wall)).code).toBe(Code.ACCOUNT_DISABLED);
  });
});
