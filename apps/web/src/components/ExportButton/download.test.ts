import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { DownloadError, fetchDownload, filenameOf } from './download';

afterEach(() => vi.unstubAllGlobals());

describe('download', () => {
  it('takes the UTF-8 file name first, then the plain one', () => {
    expect(filenameOf(`attachment; filename="export.csv"; filename*=UTF-8''%E6%B0%94%E8%B1%A1.csv`, 'x')).toBe(
      '气象.csv',
    );
    expect(filenameOf('attachment; filename="commands.csv"', 'x')).toBe('commands.csv');
    expect(filenameOf(null, 'fallback')).toBe('fallback');
  });

  it('streams the body and reports the bytes as they arrive', async () => {
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode('a,b\n'));
        c.enqueue(enc.encode('1,2\n'));
        c.close();
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(body, {
            headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="t.csv"' },
          }),
      ),
    );
    const seen: number[] = [];
    const { blob, filename } = await fetchDownload('/x', (p) => seen.push(p.received));
    expect(filename).toBe('t.csv');
    expect(blob.size).toBe(8);
    expect(seen).toEqual([0, 4, 8]);
  });

  it('an error envelope becomes an error with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 1001, msg: 'endTime must be after startTime', data: null })),
    );
    await expect(fetchDownload('/x', () => {})).rejects.toThrow(new DownloadError('endTime must be after startTime'));
  });
});
