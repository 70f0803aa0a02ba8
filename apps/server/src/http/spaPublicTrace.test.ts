import { describe, expect, it } from 'vitest';
import { consoleApp } from '../test/webDist';

describe('the public trace pages /OC and /TC: their own entry, not the console', () => {
  const env = consoleApp({
    'index.html': '<!doctype html><title>console</title>',
    'public-trace.html': '<!doctype html><title>public trace</title>',
  });

  it('sends public-trace.html for /OC and /TC with their query, the console elsewhere', async () => {
    for (const url of ['/OC?code=ABC', '/TC?code=ABC', '/OC', '/TC']) {
      const res = await env().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('public trace');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/login', '/tracingCenter/rootsTreeCode', '/OCX']) {
      expect((await env().app.inject({ method: 'GET', url })).body, url).toContain('console');
    }
  });
});
