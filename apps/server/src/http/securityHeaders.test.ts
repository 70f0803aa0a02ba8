import { describe, expect, it } from 'vitest';
import { engines } from '../test/harness';
import { consoleApp } from '../test/webDist';
import { tileSource } from './securityHeaders';

const directives = (csp: unknown) =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values] as const),
  );

describe.each(engines)('security headers [%s]', (engine) => {
  const env = consoleApp(
    {
      'index.html': '<!doctype html><div id="root"></div>',
      'assets/app.js': 'console.log(1)',
    },
    engine,
    { VITE_MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png' },
  );

  it('the console page, its assets and a client route carry the policy: own scripts only, no framing', async () => {
    for (const url of ['/', '/assets/app.js', '/park/parkInfo']) {
      const res = await env().app.inject({ method: 'GET', url, headers: { host: 'farm.example:8080' } });
      expect(res.statusCode, url).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example']);
      expect(csp.get('connect-src'), url).toEqual(["'self'", 'ws://farm.example:8080', 'wss://farm.example:8080']);
      expect(csp.get('media-src'), url).toEqual(["'self'", 'blob:']);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cache-control'], url).not.toBe('no-store');
    }
  });

  it('API answers, signed in or refused or unknown, are never stored', async () => {
    const token = await env().login('demo');
    const answers = [
      await env().app.inject({
        method: 'GET',
        url: '/api/merchant/user/center/getMerchantUserInfo',
        headers: { AuthToken: token },
      }),
      await env().app.inject({ method: 'GET', url: '/api/merchant/user/center/getMerchantUserInfo' }),
      await env().app.inject({ method: 'GET', url: '/api/merchant/nothing' }),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control'], res.body).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect(answers[0].json().code).toBe(0);
  });

  it('the API documentation (Swagger UI) gets the same policy: it runs without inline script or eval', async () => {
    const docs = await env().app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(directives(docs.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('a Host header with anything but host[:port] never reaches the policy', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/', headers: { host: 'x.example; script-src *' } });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});

describe('tileSource', () => {
  it.each([
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['http://tiles.local:8081/{z}/{x}/{y}.png', 'http://tiles.local:8081'],
    ['https://t{s}.example/{z}', 'https:'],
    ['', ''],
    ['javascript:alert(1)', ''],
  ])('%s -> %s', (url, source) => {
    expect(tileSource(url)).toBe(source);
  });
});
