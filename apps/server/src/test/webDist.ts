import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

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
