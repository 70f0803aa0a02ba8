import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';

describeEachEngine('messages in the caller language', (env) => {
  const wrongLogin = (lang?: string) =>
    env().call({
      method: 'POST',
      url: '/api/merchant/login/loginByPassword',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(lang ? { 'accept-language': lang } : {}),
      },
      payload: 'loginName=demo&loginPwd=not-the-password',
    });

  it('answers in Chinese when Chinese comes first, in English otherwise', async () => {
    expect((await wrongLogin('zh-CN')).msg).toBe('登录名或密码错误');
    expect((await wrongLogin('en-US,zh;q=0.8')).msg).toBe('Wrong login name or password');
    expect((await wrongLogin()).msg).toBe('Wrong login name or password');
  });

  it('localises specific messages too', async () => {
    const token = await env().login('demo');
    const groupId = env().ids.parks.farm[0];
    const res = await env().call({
      method: 'POST',
      url: '/api/merchant/group/removeGroup',
      headers: { AuthToken: token, 'accept-language': 'zh-CN' },
      payload: { groupId },
    });
    expect(res.code).toBe(1006);
    expect(res.msg).toMatch(/^园区“.+”仍绑定 \d+ 台设备/);
  });
});
