import { Code, isForcedLogoutCode, type ScreenAccount } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import type { RegisteredRoute } from '../../http/routeGuard';
import { describeEachEngine } from '../../test/harness';

/**
 * Issue 28, point 6: a data-screen account reaches exactly the routes marked for data screens (the route index
 * in docs/API.md says "data screens" for each), and every other guarded route answers 1004 before reading its
 * input. Each route is called once, with no input.
 */
describeEachEngine('every route as a data-screen account', (env) => {
  it('is refused with 1004 exactly where the route is not marked for data screens', async () => {
    const demo = await env().login('demo');
    const added = await env().post<ScreenAccount>('/api/merchant/screenAccount/addScreenAccount', demo, {
      loginName: 'route-walk',
      userName: '巡检大屏',
      loginPwd: 'screen123',
      groupIds: [env().ids.parks.farm[0]],
    });
    expect(added.code, added.msg).toBe(0);
    let token = await env().login('route-walk', 'screen123');

    const call = (r: RegisteredRoute) =>
      env().app.inject({
        method: r.method as 'GET' | 'POST',
        url: r.url.replace(/:\w+/g, '1'),
        headers: { AuthToken: token, ...(r.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(r.method === 'POST' ? { payload: '{}' } : {}),
      });
    const guarded = env().routes.filter((r) => !r.public && r.permitUrl !== undefined);
    const problems: string[] = [];
    for (const r of guarded) {
      let res = await call(r);
      let code = (res.json() as { code: number }).code;
      // a session call may end the session (logout): sign in again and ask once more
      if (isForcedLogoutCode(code) || code === Code.TOKEN_MISSING) {
        token = await env().login('route-walk', 'screen123');
        res = await call(r);
        code = (res.json() as { code: number }).code;
      }
      if (res.statusCode >= 500) problems.push(`${r.method} ${r.url}: HTTP ${res.statusCode}`);
      else if ((code === Code.PERMISSION_DENIED) === r.screenAccess)
        problems.push(
          `${r.method} ${r.url}: ${r.screenAccess ? 'marked for data screens but refused' : `answered ${code}`}`,
        );
    }
    expect(problems).toEqual([]);
    // the walk met both kinds (a walk that finds none proves nothing)
    expect(guarded.filter((r) => r.screenAccess).length).toBeGreaterThan(10);
    expect(guarded.filter((r) => !r.screenAccess).length).toBeGreaterThan(100);
  });
});
