import { Code, DEFAULT_MESSAGES, type Envelope } from '@farmpark/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type TestEnv } from '../test/harness';
import { SPEC_CALLS, type SpecCall, type SpecCallInput } from './specCalls';

/**
 * Answers that mean the call itself was not understood (route, method, encoding or shape), as opposed
 * to a business answer (not found, conflict, device failed...) to a well-formed request.
 */
const REFUSED = new Set<number>([
  Code.BAD_REQUEST,
  Code.VALIDATION,
  Code.BODY_TOO_LARGE,
  Code.UNSUPPORTED_MEDIA_TYPE,
  Code.URL_TOO_LONG,
  Code.METHOD_NOT_ALLOWED,
  Code.INTERNAL,
]);

function request(call: SpecCall, c: SpecCallInput, token?: string): InjectOptions {
  const input = call.input?.(c) ?? {};
  const headers: Record<string, string> = token ? { AuthToken: token } : {};
  if (call.method === 'GET') {
    const query = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
    return { method: 'GET', url: call.path, query, headers };
  }
  if (call.json) return { method: 'POST', url: call.path, payload: input, headers };
  const form = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
  return {
    method: 'POST',
    url: call.path,
    payload: form.toString(),
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
  };
}

async function answer(env: TestEnv, opts: InjectOptions): Promise<Envelope<unknown> & { status: number }> {
  const res = await env.app.inject(opts);
  return { ...(res.json() as Envelope<unknown>), status: res.statusCode };
}

const isEnvelope = (r: object) =>
  expect(r).toEqual(expect.objectContaining({ code: expect.any(Number), msg: expect.any(String) }));

describeEachEngine('SPEC §7 contract', (env) => {
  let c: SpecCallInput;
  let demo: string;

  beforeAll(async () => {
    const device = (serial: string) =>
      env().db.selectFrom('devices').select(['id', 'group_id']).where('serial', '=', serial).executeTakeFirstOrThrow();
    const lamp = await device('DF-IL-0001');
    const weather = await env()
      .db.selectFrom('devices')
      .select('id')
      .where('device_class', '=', 'weatherStation')
      .where('merchant_id', '=', env().ids.merchant.farm)
      .executeTakeFirstOrThrow();
    c = {
      park: lamp.group_id as number,
      screen: env().ids.screens.farm,
      lamp: lamp.id,
      trap: (await device('DF-IT-0001')).id,
      weather: weather.id,
      now: Date.now(),
    };
    demo = await env().login('demo');
  });

  it.each(SPEC_CALLS.map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s exists, answers in the envelope, refuses a missing token with 9xx and accepts its body',
    async (_, call) => {
      expect(env().app.hasRoute({ method: call.method, url: call.path }), 'route is registered').toBe(true);
      if (!call.path.endsWith('/loginByPassword')) {
        const anonymous = await answer(env(), request(call, c));
        isEnvelope(anonymous);
        expect(anonymous.code, 'without a token').toBeGreaterThanOrEqual(900);
        expect(anonymous.code).toBeLessThan(1000);
      }
      const signedIn = await answer(env(), request(call, c, demo));
      isEnvelope(signedIn);
      expect(signedIn.status).toBe(200);
      expect(REFUSED.has(signedIn.code), `${signedIn.code} ${signedIn.msg}`).toBe(false);
    },
  );

  it('§8: login flooding answers 1604 with the SPEC message', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30 && !codes.includes(Code.RATE_LIMITED); i++) {
      const r = await answer(env(), {
        method: 'POST',
        url: '/api/merchant/login/loginByPassword',
        payload: { loginName: 'operator', loginPwd: `flood-${i}` },
        remoteAddress: '10.77.0.1',
      });
      codes.push(r.code);
      if (r.code === Code.RATE_LIMITED) expect(r.msg.startsWith(DEFAULT_MESSAGES[Code.RATE_LIMITED])).toBe(true);
    }
    expect(codes).toContain(Code.RATE_LIMITED);
  });

  it('§8: a failed device operation under /sqdApi/ answers 1003 with the SPEC message', async () => {
    // the seeded trap has no connection in tests: the operation fails at once
    const r = await answer(env(), request(SPEC_CALLS.find((s) => s.path === '/sqdApi/insect/operate')!, c, demo));
    expect(r.code).toBe(Code.DEVICE_OPERATION_FAILED);
    expect(r.msg.startsWith(DEFAULT_MESSAGES[Code.DEVICE_OPERATION_FAILED])).toBe(true);
  });
});
