import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Code, MB } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { contentStore } from './contentStore';
import { fileUsage } from './ledger';

describeEachEngine('the one file store', (env) => {
  const store = () => contentStore(env().config.dataDir, 'reports');
  const owner = () => ({ db: env().db, merchantId: env().ids.merchant.orchard });

  it('names a file by its content, stores the same content once and counts it once', async () => {
    const a = await store().put(Buffer.from('same bytes'), 'pdf', owner());
    const b = await store().put(Buffer.from('same bytes'), 'pdf', owner());
    expect(a).toEqual(b);
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    const dir = join(env().config.dataDir, 'reports', a.sha256.slice(0, 2));
    expect(store().pathOf(a.sha256, 'pdf')).toBe(join(dir, `${a.sha256}.pdf`));
    expect(readFileSync(store().pathOf(a.sha256, 'pdf'), 'utf8')).toBe('same bytes');
    expect(readdirSync(dir)).toEqual([`${a.sha256}.pdf`]);
    const usage = await fileUsage(env().db, owner().merchantId);
    expect(usage.kinds.find((k) => k.kind === 'reports')).toEqual({ kind: 'reports', bytes: 10, files: 1 });
  });

  it('streams an upload in, and keeps nothing of one its check or the quota refuses', async () => {
    const check = { chunk() {}, end: (bytes: number) => expect(bytes).toBe(4) };
    const ok = await store().putStream(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'bin', check, owner());
    expect(readFileSync(store().pathOf(ok.sha256, 'bin'), 'utf8')).toBe('abcd');
    const tooLarge = {
      chunk(_c: Buffer, bytes: number) {
        if (bytes > 5) throw new Error('too large');
      },
      end() {},
    };
    await expect(
      store().putStream(Readable.from([Buffer.from('x'.repeat(10))]), 'bin', tooLarge, owner()),
    ).rejects.toThrow('too large');
    // a 1 MB quota and chunks past it: cut off mid-stream
    await env().db.updateTable('merchants').set({ file_quota_mb: 1 }).where('id', '=', owner().merchantId).execute();
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(256 * 1024, 7));
    const over = store().putStream(Readable.from(chunks), 'bin', { chunk() {}, end() {} }, owner());
    await expect(over).rejects.toMatchObject({ code: Code.STORAGE_QUOTA });
    const leftovers = readdirSync(join(env().config.dataDir, 'reports')).filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
    expect((await fileUsage(env().db, owner().merchantId)).usedBytes).toBeLessThan(MB);
  });

  it('takes a file written elsewhere into the store, and removes it when it does not fit', async () => {
    const { writeFileSync } = await import('node:fs');
    const part = join(env().config.dataDir, 'sheet.part');
    writeFileSync(part, Buffer.alloc(300 * 1024, 1));
    const kept = await store().adopt(part, 'pdf', owner());
    expect(existsSync(store().pathOf(kept.sha256, 'pdf'))).toBe(true);
    expect(existsSync(part)).toBe(false);
    writeFileSync(part, Buffer.alloc(900 * 1024, 2));
    await expect(store().adopt(part, 'pdf', owner())).rejects.toMatchObject({ code: Code.STORAGE_QUOTA });
    expect(existsSync(part)).toBe(false);
  });
});
