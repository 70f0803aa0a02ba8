import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../db/connect';
import { createTestEnv, type TestEnv } from './harness';

/**
 * A built console for the server to serve (its WEB_DIST): these files (path in the build → content) in a
 * folder of their own, removed after the block's tests.
 */
export function webDist(files: Record<string, string | Buffer>): string {
  const dist = mkdtempSync(join(tmpdir(), 'farmpark-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  return dist;
}

/** A test app of its own serving this built console: started before the block's tests, closed after them. */
export function consoleApp(
  files: Record<string, string | Buffer>,
  engine: Engine = 'sqlite',
  vars: Record<string, string> = {},
): () => TestEnv {
  const dist = webDist(files);
  let env: Awaited<ReturnType<typeof createTestEnv>> | undefined;
  beforeAll(async () => {
    env = await createTestEnv(engine, { WEB_DIST: dist, ...vars });
  });
  afterAll(async () => {
    await env?.close();
  });
  return () => {
    if (!env) throw new Error('test app not ready');
    return env;
  };
}
