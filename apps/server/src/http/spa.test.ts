import { Code } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/seed';
import { consoleApp } from '../test/webDist';

describe('one port: built console with SPA fallback', () => {
  const env = consoleApp({
    'index.html': '<!doctype html><title>console</title><div id="root"></div>',
    'assets/app.js': 'console.log(1)',
  });

  it('serves files as they are', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('console.log(1)');
  });

  it('answers console routes with index.html', async () => {
    for (const url of ['/', '/login?redirect=%2Fpark%2FparkInfo', '/park/parkInfo', '/refresh/index']) {
      const res = await env().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('keeps /api answers JSON, unknown ones 1005', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/api/merchant/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(Code.NOT_FOUND);
  });

  it('does not seed a database that already has a merchant', async () => {
    expect(await seedDemo(env().db)).toEqual({ seeded: false });
    const merchants = await env().db.selectFrom('merchants').select('id').execute();
    expect(merchants).toHaveLength(2);
  });
});
