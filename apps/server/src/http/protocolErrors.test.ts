import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { MAX_URL_LENGTH } from './errorHandler';

/**
 * Issue 11, point 5: whatever is wrong with a request itself (path, method, size, type, syntax), the
 * answer is the envelope with its own code, so the console's one client can say what happened.
 */
const ADD_PARK = '/api/merchant/group/addGroup';

describeEachEngine('protocol errors answer in the envelope', (env) => {
  const expectEnvelope = (res: { status: number; code: number; data?: unknown }, status: number, code: number) => {
    expect({ status: res.status, code: res.code, data: res.data }).toEqual({ status, code, data: null });
  };
  /** A signed-in addGroup with a raw body. */
  const postRaw = async (contentType: string, payload: string, headers: Record<string, string> = {}) =>
    env().call({
      method: 'POST',
      url: ADD_PARK,
      token: await env().login('demo'),
      headers: { 'content-type': contentType, ...headers },
      payload,
    });

  it('an unknown /api path is 404 with 1005, a known path with the wrong method 405 with 1013', async () => {
    const token = await env().login('demo');
    const missing = await env().call({ method: 'GET', url: '/api/merchant/nothing/here?x=1', token });
    expectEnvelope(missing, 404, Code.NOT_FOUND);
    expect(missing.msg).toBe('No such API: GET /api/merchant/nothing/here');
    const wrongMethod = await env().call({ method: 'GET', url: ADD_PARK, token });
    expectEnvelope(wrongMethod, 405, Code.METHOD_NOT_ALLOWED);
    expect(wrongMethod.msg).toBe(`GET ${ADD_PARK}: use POST`);
    const raw = await env().app.inject({ method: 'DELETE', url: ADD_PARK, headers: { AuthToken: token } });
    expect(raw.headers.allow).toBe('POST');
  });

  it('a body over 1 MB is 413 with 1010, in the caller language', async () => {
    const body = JSON.stringify({ groupName: 'x', remark: 'x'.repeat(1024 * 1024) });
    const res = await postRaw('application/json', body, { 'accept-language': 'zh-CN' });
    expectEnvelope(res, 413, Code.BODY_TOO_LARGE);
    expect(res.msg).toBe('请求内容过大');
  });

  it('an unknown Content-Type is 415 with 1011', async () => {
    const res = await postRaw('text/xml', '<groupName>x</groupName>');
    expectEnvelope(res, 415, Code.UNSUPPORTED_MEDIA_TYPE);
  });

  it('malformed JSON is 1000 and says what could not be read', async () => {
    const broken = await postRaw('application/json', '{"groupName":');
    expectEnvelope(broken, 200, Code.BAD_REQUEST);
    expect(broken.msg).toMatch(/^The request body could not be read: /);
  });

  it('a URL over the limit is 414 with 1012, before authentication', async () => {
    const res = await env().call({ method: 'GET', url: `/api/merchant/group/x?k=${'a'.repeat(MAX_URL_LENGTH)}` });
    expectEnvelope(res, 414, Code.URL_TOO_LONG);
  });

  it('a validation message names each field once, as people call it, in the caller language', async () => {
    const token = await env().login('demo');
    const res = await env().post('/api/merchant/user/enableSysUser', token, { userId: '', enabled: 'yes' }, true);
    expect(res).toMatchObject({ code: Code.VALIDATION, msg: 'User is required; Enabled must be yes or no' });
    expect(res.data).toEqual([
      { field: 'userId', rule: 'required' },
      { field: 'enabled', rule: 'boolean' },
    ]);
    const zh = await env().call({
      method: 'POST',
      url: '/api/merchant/user/enableSysUser',
      token,
      headers: { 'accept-language': 'zh-CN' },
      payload: { userId: '', enabled: 'yes' },
    });
    expect(zh.msg).toBe('请填写用户；启用只能是“是”或“否”');
  });

  it("what Node's parser refuses (a request line over 16 KB) still gets the envelope (431, 1012)", async () => {
    await env().app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env().app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/x?k=${'a'.repeat(20_000)}` }, (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ code: Code.URL_TOO_LONG, data: null });
  });
});
