import { describe, expect, it } from 'vitest';
import { Code, DEFAULT_MESSAGES, FORCED_LOGOUT_CODES, isForcedLogoutCode } from './errors';

describe('error codes', () => {
  it('give every 9xx code of SPEC §8 exactly one named cause', () => {
    const spec = [900, 901, 903, 904, 905, 906, 907, 908, 910, 911, 912, 914, 915, 916];
    expect([...FORCED_LOGOUT_CODES].sort()).toEqual(spec);
    const named = Object.values(Code).filter((c) => c >= 900 && c < 1000);
    expect([...named].sort()).toEqual(spec);
  });

  it('are distinct and each has a default message', () => {
    const values = Object.values(Code);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(DEFAULT_MESSAGES[v]).toBeTruthy();
  });

  it('keep the SPEC messages for 1003 and 1604', () => {
    expect(DEFAULT_MESSAGES[1003]).toBe('操作异常，请刷新页面重试！');
    expect(DEFAULT_MESSAGES[1604]).toBe('访问过于频繁，请稍候再试！');
    expect(isForcedLogoutCode(1604)).toBe(false);
    expect(isForcedLogoutCode(906)).toBe(true);
  });
});

describe('message language', () => {
  it('has a Chinese message for every code', async () => {
    const { DEFAULT_MESSAGES_ZH, messageLang } = await import('./errors');
    for (const v of Object.values(Code)) expect(DEFAULT_MESSAGES_ZH[v]).toBeTruthy();
    expect(messageLang('zh-CN,zh;q=0.9')).toBe('zh');
    expect(messageLang('en-US')).toBe('en');
    expect(messageLang(undefined)).toBe('en');
  });
});
