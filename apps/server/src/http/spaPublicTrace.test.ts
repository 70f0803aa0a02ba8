import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv } from '../test/harness';

describe('the public trace pages /OC and /TC: their own entry, not the console', () => {
  const dist = mkdtempSync(join(tmpdir(), 'farmpark-dist-'));
  let env: Awaited<ReturnType<typeof createTestEnv>>;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dist, 'public-trace.html'), '<!doctype html><title>public trace</title>');
    env = await createTestEnv('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await env.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends public-trace.html for /OC and /TC with their query, the console elsewhere', async () => {
    for (const url of ['/OC?code=ABC', '/TC?code=ABC', '/OC', '/TC']) {
      const res = await env.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('public trace');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/login', '/tracingCenter/rootsTreeCode', '/OCX']) {
      expect((await env.app.inject({ method: 'GET', url })).body, url).toContain('console');
    }
  });
});
