import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { configureRequest, download, filenameOf, get, post, RequestError } from './request';

interface Call {
  url: string;
  init: RequestInit;
}

let calls: Call[];
let toasts: [string, number][];
let forced: [number, string][];

/** A server that never answers: the request ends only when the client aborts it. */
function neverAnswer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ),
  );
}

function respond(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    }),
  );
}

/** A proxy's error page instead of an envelope: the call fails as an http error with the status. */
async function expectBadGateway(call: () => Promise<unknown>) {
  respond('<html>Bad gateway</html>', 502);
  const err = (await call().catch((e: unknown) => e)) as RequestError;
  expect(err.kind).toBe('http');
  expect(err.code).toBe(502);
}

/** A call to a server that never answers, on fake timers: settles with its error once the client gives up. */
function stalled(call: () => Promise<unknown>) {
  vi.useFakeTimers();
  neverAnswer();
  return call().catch((e: RequestError) => e);
}

beforeEach(() => {
  calls = [];
  toasts = [];
  forced = [];
  configureRequest({
    toastError: (m, s) => toasts.push([m, s]),
    onForcedLogout: (c, m) => forced.push([c, m]),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request client', () => {
  it('returns data on code 0 and sends the AuthToken header from the cookie', async () => {
    Cookies.set('ag_merchant_token', 'tok123');
    respond({ code: 0, msg: 'ok', data: [1, 2] });
    await expect(get<number[]>('/api/merchant/x', { groupId: 3, empty: undefined })).resolves.toEqual([1, 2]);
    expect(calls[0].url).toBe('/api/merchant/x?groupId=3');
    expect((calls[0].init.headers as Record<string, string>).AuthToken).toBe('tok123');
    expect(toasts).toEqual([]);
  });

  it('form-encodes POST bodies unless json is set', async () => {
    respond({ code: 0, msg: '', data: null });
    await post('/api/a', { loginName: 'demo', loginPwd: 'p&w=1', area: null });
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    expect(calls[0].init.body).toBe('loginName=demo&loginPwd=p%26w%3D1&area=');
    await post('/api/b', { groupId: 1, screenId: null }, { json: true });
    expect((calls[1].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[1].init.body).toBe('{"groupId":1,"screenId":null}');
  });

  it('rejects a non-zero code and shows its message for 5 s', async () => {
    respond({ code: 1002, msg: 'Wrong login name or password', data: null });
    const err = (await post('/api/login', {}).catch((e: unknown) => e)) as RequestError;
    expect(err).toBeInstanceOf(RequestError);
    expect(err.code).toBe(1002);
    expect(toasts).toEqual([['Wrong login name or password', 5]]);
    expect(forced).toEqual([]);
  });

  it('uses "Error" when the message is empty, and stays quiet when silent', async () => {
    respond({ code: 1006, msg: '', data: null });
    await expect(get('/api/x')).rejects.toThrow('Error');
    await expect(get('/api/x', undefined, { silent: true })).rejects.toThrow('Error');
    expect(toasts).toEqual([['Error', 5]]);
  });

  it.each([900, 901, 903, 906, 915, 916])('triggers the forced-logout dialog on %i', async (code) => {
    respond({ code, msg: 'signed out', data: null });
    await expect(get('/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(forced).toEqual([[code, 'signed out']]);
  });

  it('does not treat other codes as forced logout', async () => {
    respond({ code: 902, msg: 'x', data: null });
    await expect(get('/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(forced).toEqual([]);
  });

  it('shows the SPEC rate-limit message for 3 s on 1604', async () => {
    respond({ code: 1604, msg: 'slow down', data: null });
    const err = (await get('/api/x').catch((e: unknown) => e)) as RequestError;
    expect(err.code).toBe(1604);
    expect(toasts).toEqual([['访问过于频繁，请稍候再试！', 3]]);
  });

  it('turns network failures and non-envelope answers into errors shown for 5 s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = (await get('/api/x').catch((e: unknown) => e)) as RequestError;
    expect(err.kind).toBe('network');
    // in words, not the browser's own reason
    expect(toasts[0][0]).toBe(i18n.t('request.network'));
    expect(toasts[0][0]).not.toContain('Failed to fetch');
    expect(toasts[0][1]).toBe(5);
    await expectBadGateway(() => get('/api/x'));
  });

  it('aborts after the 15 s timeout', async () => {
    const pending = stalled(() => get('/api/slow'));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const err = (await pending) as RequestError;
    expect(err.kind).toBe('timeout');
    expect(toasts).toHaveLength(1);
    expect(toasts[0][1]).toBe(5);
  });
});

describe('download', () => {
  const stream = (...parts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(new TextEncoder().encode(p));
        c.close();
      },
    });

  // The server answers an envelope as application/json, whatever the file it would have sent.
  const envelope = (body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body)),
    );

  it('takes the UTF-8 file name first, then the plain one', () => {
    expect(filenameOf(`attachment; filename="export.csv"; filename*=UTF-8''%E6%B0%94%E8%B1%A1.csv`, 'x')).toBe(
      '气象.csv',
    );
    expect(filenameOf('attachment; filename="commands.csv"', 'x')).toBe('commands.csv');
    expect(filenameOf(null, 'fallback')).toBe('fallback');
  });

  it('streams the file with the AuthToken header and reports the bytes as they arrive', async () => {
    Cookies.set('ag_merchant_token', 'tok456');
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(stream('a,b\n', '1,2\n'), {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="t.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const seen: number[] = [];
    const { blob, filename } = await download('/api/x', {
      params: { groupId: 2, none: null },
      onProgress: (p) => seen.push(p.received),
    });
    expect(fetch.mock.calls[0][0]).toBe('/api/x?groupId=2');
    expect((fetch.mock.calls[0][1].headers as Record<string, string>).AuthToken).toBe('tok456');
    expect(filename).toBe('t.csv');
    expect(blob.size).toBe(8);
    expect(seen).toEqual([0, 4, 8]);
  });

  it('an error envelope instead of a file is shown like any call', async () => {
    envelope({ code: 1001, msg: 'endTime must be after startTime', data: null });
    const err = (await download('/api/x').catch((e: unknown) => e)) as RequestError;
    expect(err).toBeInstanceOf(RequestError);
    expect(err.code).toBe(1001);
    expect(toasts).toEqual([['endTime must be after startTime', 5]]);
  });

  it('a 9xx envelope instead of a file logs the user out', async () => {
    envelope({ code: 903, msg: 'expired', data: null });
    await expect(download('/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(forced).toEqual([[903, 'expired']]);
  });

  it('a failed answer that is not an envelope is an http error', async () => {
    await expectBadGateway(() => download('/api/x'));
  });

  it('waits at most the request timeout for the server to answer', async () => {
    const pending = stalled(() => download('/api/slow'));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(((await pending) as RequestError).kind).toBe('timeout');
    expect(toasts).toHaveLength(1);
  });

  it('lets a file that started to stream take longer than the timeout', async () => {
    vi.useFakeTimers();
    const slow = new ReadableStream<Uint8Array>({
      start(c) {
        setTimeout(() => {
          c.enqueue(new TextEncoder().encode('late'));
          c.close();
        }, 60_000);
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(slow, { headers: { 'content-type': 'text/csv' } })),
    );
    const pending = download('/api/big');
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await pending).blob.size).toBe(4);
    expect(toasts).toEqual([]);
  });

  it('a cancel while the file streams stops it quietly', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(new TextEncoder().encode('part'));
            init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const pending = download('/api/x', {
      signal: controller.signal,
      onProgress: (p) => p.received > 0 && controller.abort(),
    }).catch((e: RequestError) => e);
    expect(((await pending) as RequestError).kind).toBe('aborted');
    expect(toasts).toEqual([]);
  });
});
