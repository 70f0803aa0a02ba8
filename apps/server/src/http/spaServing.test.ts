import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { consoleApp } from '../test/webDist';

const ASSET = '/assets/index-AbC123.js';
const SOURCE = `console.log(${JSON.stringify('a bundle '.repeat(40))})`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('console files: pre-compressed by Accept-Encoding, hashed assets cached for a year', () => {
  const env = consoleApp({
    'index.html': `<!doctype html><script type="module" src="${ASSET}"></script>`,
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    [ASSET]: SOURCE,
    [`${ASSET}.br`]: brotliCompressSync(SOURCE),
    [`${ASSET}.gz`]: gzipSync(SOURCE),
  });

  const get = (url: string, acceptEncoding?: string) =>
    env().app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('serves brotli to a browser that accepts it', async () => {
    const res = await get(ASSET, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SOURCE);
  });

  it('serves gzip when brotli is not accepted', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SOURCE);
  });

  it('serves the plain file otherwise', async () => {
    for (const enc of [undefined, 'identity', 'deflate']) {
      const res = await get(ASSET, enc);
      expect(res.statusCode, String(enc)).toBe(200);
      expect(res.headers['content-encoding'], String(enc)).toBeUndefined();
      expect(res.headers.vary, String(enc)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], String(enc)).toBe(IMMUTABLE);
      expect(res.body, String(enc)).toBe(SOURCE);
    }
  });

  it('makes index.html, the SPA fallback and unhashed files revalidate', async () => {
    for (const url of ['/', '/index.html', '/login', '/park/parkInfo?x=1', '/logo.svg']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    expect((await get('/login')).body).toContain(ASSET);
  });

  it('keeps /api answers out of every cache', async () => {
    const res = await get('/api/merchant/nothing', 'br');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
