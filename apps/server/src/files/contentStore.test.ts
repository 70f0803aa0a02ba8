import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { contentStore } from './contentStore';

describe('the one file store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = contentStore(dir, 'reports');

  it('names a file by its content and stores the same content once', async () => {
    const a = await store.put(Buffer.from('same bytes'), 'pdf');
    const b = await store.put(Buffer.from('same bytes'), 'pdf');
    expect(a).toEqual(b);
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(store.pathOf(a.sha256, 'pdf')).toBe(join(dir, 'reports', a.sha256.slice(0, 2), `${a.sha256}.pdf`));
    expect(readFileSync(store.pathOf(a.sha256, 'pdf'), 'utf8')).toBe('same bytes');
    expect(readdirSync(join(dir, 'reports', a.sha256.slice(0, 2)))).toEqual([`${a.sha256}.pdf`]);
  });

  it('streams an upload in, and keeps nothing of one its check refuses', async () => {
    const ok = await store.putStream(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'bin', {
      chunk() {},
      end(bytes) {
        expect(bytes).toBe(4);
      },
    });
    expect(readFileSync(store.pathOf(ok.sha256, 'bin'), 'utf8')).toBe('abcd');
    const refused = store.putStream(Readable.from([Buffer.from('x'.repeat(10))]), 'bin', {
      chunk(_c, bytes) {
        if (bytes > 5) throw new Error('too large');
      },
      end() {},
    });
    await expect(refused).rejects.toThrow('too large');
    const leftovers = readdirSync(join(dir, 'reports')).filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('drops a file', async () => {
    const f = await store.put(Buffer.from('to drop'), 'pdf');
    await store.drop(f.sha256, 'pdf');
    expect(existsSync(store.pathOf(f.sha256, 'pdf'))).toBe(false);
  });
});
