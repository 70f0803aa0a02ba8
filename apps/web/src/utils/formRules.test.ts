import { parkFields, passwordField } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../api/request';
import { contractRule, issueMessage, showServerFieldError } from './formRules';

const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`;
const check = async (rule: ReturnType<typeof contractRule>, value: unknown) => {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: antd's validator signature takes loose arguments
    await (rule as any).validator({}, value);
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('contractRule', () => {
  it('translates the contract checks of a park name', async () => {
    const rule = contractRule(parkFields.shape.groupName, 'Name', t);
    expect(await check(rule, '')).toBe('validation.required{"field":"Name"}');
    expect(await check(rule, undefined)).toBe('validation.required{"field":"Name"}');
    expect(await check(rule, 'x'.repeat(51))).toBe('validation.maxLength{"field":"Name","max":50}');
    expect(await check(rule, 'North field')).toBe('ok');
  });
  it('translates number bounds and accepts empty optional numbers', async () => {
    const rule = contractRule(parkFields.shape.latitude, 'Lat', t);
    expect(await check(rule, 91)).toBe('validation.max{"field":"Lat","max":90}');
    expect(await check(rule, null)).toBe('ok');
    expect(await check(rule, 30.5)).toBe('ok');
  });
  it('translates the password rules', async () => {
    const rule = contractRule(passwordField, 'New', t);
    expect(await check(rule, 'abc1')).toBe('validation.minLength{"field":"New","min":8}');
    expect(await check(rule, '12345678')).toBe('validation.letter{"field":"New"}');
    expect(await check(rule, 'abcdefgh')).toBe('validation.digit{"field":"New"}');
    expect(await check(rule, 'abcd1234')).toBe('ok');
  });
  it('falls back to a generic message', () => {
    expect(issueMessage({ code: 'custom' }, 'F', t)).toBe('validation.invalid{"field":"F"}');
  });
});

describe('showServerFieldError', () => {
  it('puts a 1001 message naming a field under that field', () => {
    const set: unknown[] = [];
    const form = { setFields: (f: unknown) => set.push(f) } as never;
    const err = new RequestError('api', 'groupName must not be empty', 1001);
    expect(showServerFieldError(form, err, ['groupName', 'holderMan'])).toBe(true);
    expect(set).toEqual([[{ name: 'groupName', errors: ['groupName must not be empty'] }]]);
    expect(showServerFieldError(form, new RequestError('api', 'devices still bound', 1006), ['groupName'])).toBe(false);
    expect(showServerFieldError(form, new Error('x'), ['groupName'])).toBe(false);
  });
});
