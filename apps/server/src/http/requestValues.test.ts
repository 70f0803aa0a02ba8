import { Code, isForcedLogoutCode } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { describeEachEngine } from '../test/harness';
import { schemaFields as fieldsOf, type RegisteredRoute } from './routeGuard';

/**
 * Issue 11, point 5: the hostile values are tried on every field of every registered route, so a new
 * route is covered without editing this file. At the schema level each field alone must read them the
 * one way (a boolean field reads "false"/"0"/"off" as false; a number field never takes `true`; blank
 * means "not given", never 0) and never throw; over HTTP, every route answers them in the envelope,
 * form-encoded and as JSON, and never with a 5xx.
 */
const HOSTILE: unknown[] = [
  // as forms and query strings send them
  ...['false', '0', 'off', 'on', 'yes', 'true ', '', '1e3', '0x10', 'NaN', 'Infinity', ' 12 '],
  // as careless JSON clients send them
  ...[true, false, null, [], ['1'], {}, { a: 1 }],
];
const BLANK: unknown[] = ['', null, '  '];

type Read = { ok: true; value: unknown } | { ok: false };
/** Reads one value as the field of an object, as a route does (a missing key is `undefined`). */
function read(field: ZodType, value: unknown): Read {
  const r = field.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}

const inputs = (route: RegisteredRoute) => [
  ...Object.entries(fieldsOf(route.querySchema)).map(([key, schema]) => ({ where: 'query', key, schema })),
  ...Object.entries(fieldsOf(route.bodySchema)).map(([key, schema]) => ({ where: 'body', key, schema })),
];

describeEachEngine('request values on every route', (env) => {
  it('every field reads booleans, numbers and blanks the one way, and never throws', () => {
    const routes = env().routes.filter((r) => inputs(r).length > 0);
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let booleans = 0;
    let numbers = 0;
    for (const route of routes) {
      for (const { where, key, schema } of inputs(route)) {
        const at = `${route.method} ${route.url} ${where}.${key}`;
        for (const v of [...HOSTILE, undefined, 5, 'true']) {
          try {
            schema.safeParse(v);
          } catch (err) {
            problems.push(`${at}: ${JSON.stringify(v)} threw ${(err as Error).message}`);
          }
        }
        const absent = read(schema, undefined);
        const same = (v: unknown) => JSON.stringify(read(schema, v)) === JSON.stringify(absent);

        const isBoolean = [true, false].every((b) => {
          const r = read(schema, b);
          return r.ok && r.value === b;
        });
        if (isBoolean) {
          booleans++;
          for (const v of ['false', '0', 'off', 0])
            if (JSON.stringify(read(schema, v)) !== JSON.stringify({ ok: true, value: false }))
              problems.push(`${at}: ${JSON.stringify(v)} is not read as false`);
          for (const v of ['true', '1', 'on', 1])
            if (JSON.stringify(read(schema, v)) !== JSON.stringify({ ok: true, value: true }))
              problems.push(`${at}: ${JSON.stringify(v)} is not read as true`);
          for (const v of ['yes', 'no', 'enabled', 2, [], {}])
            if (read(schema, v).ok) problems.push(`${at}: takes ${JSON.stringify(v)} as a boolean`);
          for (const v of BLANK) if (!same(v)) problems.push(`${at}: ${JSON.stringify(v)} is not read as absent`);
        }

        const five = read(schema, 5);
        const isNumber = five.ok && typeof five.value === 'number';
        if (isNumber) {
          numbers++;
          for (const v of [true, false, '1e3', '0x10', 'NaN', 'Infinity', '5abc', [], ['5'], {}])
            if (read(schema, v).ok) problems.push(`${at}: takes ${JSON.stringify(v)} as a number`);
          if (JSON.stringify(read(schema, ' 5 ')) !== JSON.stringify(five))
            problems.push(`${at}: " 5 " is not read as 5`);
          for (const v of BLANK) if (!same(v)) problems.push(`${at}: ${JSON.stringify(v)} is not read as absent`);
        }

        // A list reads one value the same from a form (`ids=5`) as from JSON (`[5]`).
        if (five.ok && Array.isArray(five.value)) {
          for (const v of ['5', ['5'], [5]])
            if (JSON.stringify(read(schema, v)) !== JSON.stringify(five))
              problems.push(`${at}: ${JSON.stringify(v)} is not read as [5]`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The walk found the fields it is about (a walk that finds none proves nothing).
    expect(booleans).toBeGreaterThan(5);
    expect(numbers).toBeGreaterThan(50);
  });

  it('every route answers the hostile values in the envelope, form-encoded and as JSON, never with a 5xx', async () => {
    let token = await env().login('demo');
    const problems: string[] = [];
    /** One request as `request` makes it; `payload` is its body as sent (POST only). */
    const send = (route: RegisteredRoute, query: URLSearchParams, payload: string, json: boolean) =>
      env().app.inject({
        method: route.method as 'GET' | 'POST',
        url: query.size ? `${route.url}?${query}` : route.url,
        headers: {
          AuthToken: token,
          ...(route.method === 'POST'
            ? { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' }
            : {}),
        },
        ...(route.method === 'POST' ? { payload } : {}),
      });
    const routes = env().routes.filter((r) => inputs(r).length > 0);
    let sent = 0;
    // Values that reach the server as the same request (`false` and 'false' in a form, `null` and '' in a query)
    // are sent once: the same bytes get the same answer.
    const asSent = new Set<string>();
    for (const route of routes) {
      for (const value of HOSTILE) {
        for (const json of route.method === 'POST' ? [true, false] : [false]) {
          const { query, body, form } = request(route, value, json);
          const payload = form ? form.toString() : JSON.stringify(body);
          const bytes = `${route.method} ${route.url}?${query} ${json} ${payload}`;
          if (asSent.has(bytes)) continue;
          asSent.add(bytes);
          // The route's schemas refuse a request before any query runs, the same on either engine: PostgreSQL
          // gets the requests that reach a handler (SQLite gets them all).
          if (env().engine !== 'sqlite' && !reachesHandler(route, value, json)) continue;
          sent++;
          let res = await send(route, query, payload, json);
          let answer = parse(res.body);
          // A route may end the session (a password set to a hostile value...) or hit the per-token limit.
          if (answer && (isForcedLogoutCode(answer.code) || answer.code === Code.RATE_LIMITED)) {
            token = await env().login('demo');
            res = await send(route, query, payload, json);
            answer = parse(res.body);
          }
          const at = `${route.method} ${route.url} ${json ? 'JSON' : 'form'} ${JSON.stringify(value)}`;
          if (res.statusCode >= 500) problems.push(`${at}: HTTP ${res.statusCode}`);
          // what lets PostgreSQL skip a request: the schemas' refusal is the server's answer
          else if (env().engine === 'sqlite' && !reachesHandler(route, value, json) && !refusedUnread(route, answer))
            problems.push(`${at}: its schemas refuse it, yet the server answered ${answer?.code}`);
          else if (!answer && !isFile(res.headers['content-type']) && !isBrokerHook(route, res.body))
            problems.push(`${at}: not an envelope`);
        }
      }
    }
    expect(problems).toEqual([]);
    // on PostgreSQL too, hundreds of hostile requests reach their handlers (a walk that sends none proves nothing)
    expect(sent).toBeGreaterThan(env().engine === 'sqlite' ? 2000 : 300);
  }, 600_000);

  it('a 120-character path parameter and a wrong content type are answered in the envelope on every route', async () => {
    const token = await env().login('demo');
    const problems: string[] = [];
    const withParams = env().routes.filter((r) => r.url.includes('/:'));
    expect(withParams.length).toBeGreaterThan(3);
    for (const route of withParams) {
      const res = await env().app.inject({
        method: route.method as 'GET' | 'POST',
        url: route.url.replace(/:\w+/g, 'x'.repeat(120)),
        headers: { AuthToken: token },
      });
      if (res.statusCode !== 414 || parse(res.body)?.code !== Code.URL_TOO_LONG)
        problems.push(
          `${route.method} ${route.url}: long parameter gave HTTP ${res.statusCode} ${res.body.slice(0, 80)}`,
        );
    }
    for (const route of env().routes.filter((r) => r.method === 'POST')) {
      const res = await env().app.inject({
        method: 'POST',
        url: route.url.replace(/:\w+/g, '1'),
        headers: { AuthToken: token, 'content-type': 'application/x-farmpark-unknown' },
        payload: 'a=1',
      });
      const answer = parse(res.body);
      // device routes authenticate the device first (1004 without its credentials); the others read the body
      const refused =
        answer?.code === Code.UNSUPPORTED_MEDIA_TYPE ||
        (answer?.code === Code.PERMISSION_DENIED && route.url.startsWith('/api/device/'));
      if (res.statusCode >= 500 || !(refused || isBrokerHook(route, res.body)))
        problems.push(`${route.url}: wrong type gave HTTP ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(problems).toEqual([]);
  });
});

/** The query and body `send` makes of one value, as the server reads them before validation. */
function request(route: RegisteredRoute, value: unknown, json: boolean) {
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const { where, key } of inputs(route)) {
    if (where === 'query') for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v ?? ''));
    else body[key] = value;
  }
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body))
    for (const item of Array.isArray(v) ? v : [v])
      form.append(k, typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : String(item ?? ''));
  return { query, body, form: json ? null : form };
}

/** Query or form text as the server reads it: a key once is its text, a repeated key a list, none absent. */
const fields = (params: URLSearchParams) =>
  Object.fromEntries(
    [...new Set(params.keys())].map((k) => [k, params.getAll(k).length > 1 ? params.getAll(k) : params.get(k)]),
  );

/** Whether the route's own schemas accept the request (Fastify's zod validator runs them before the handler). */
function reachesHandler(route: RegisteredRoute, value: unknown, json: boolean): boolean {
  const { query, body, form } = request(route, value, json);
  return (
    (!route.querySchema || route.querySchema.safeParse(fields(query)).success) &&
    (!route.bodySchema || route.bodySchema.safeParse(form ? fields(form) : body).success)
  );
}

/** The answers a request gets before its handler: its schemas' refusal, or a device route's own sign-in. */
const refusedUnread = (route: RegisteredRoute, answer: { code: number } | null) =>
  answer?.code === Code.VALIDATION || (answer?.code === Code.PERMISSION_DENIED && route.url.startsWith('/api/device/'));

function parse(body: string): { code: number; msg: string } | null {
  try {
    const v = JSON.parse(body) as { code?: unknown; msg?: unknown };
    return typeof v.code === 'number' && typeof v.msg === 'string' && 'data' in v ? { code: v.code, msg: v.msg } : null;
  } catch {
    return null;
  }
}

/**
 * The broker's auth hooks speak the broker's protocol (EMQX / mosquitto-go-auth read `{"result"}` and
 * the HTTP status), not the console's envelope: the one documented exception.
 */
function isBrokerHook(route: RegisteredRoute, body: string): boolean {
  return route.url.startsWith('/api/mqtt/') && /^\{"result":"(allow|deny)"/.test(body);
}

/** Exports and pictures answer a file when the values happen to be valid. */
const isFile = (type: unknown) => typeof type === 'string' && !type.startsWith('application/json');
