import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequest, get, post, RequestError } from './request';

interface Call {
  url: string;
  init: RequestInit;
}

let calls: Call[];
let toasts: [string, number][];
let forced: [number, string][];

function respond(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    }),
  );
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
    expect(toasts[0][0]).toContain('Failed to fetch');
    expect(toasts[0][1]).toBe(5);
    respond('<html>Bad gateway</html>', 502);
    const http = (await get('/api/x').catch((e: unknown) => e)) as RequestError;
    expect(http.kind).toBe('http');
    expect(http.code).toBe(502);
  });

  it('aborts after the 15 s timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = get('/api/slow').catch((e: RequestError) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const err = (await pending) as RequestError;
    expect(err.kind).toBe('timeout');
    expect(toasts).toHaveLength(1);
    expect(toasts[0][1]).toBe(5);
  });
});
