import { parkFields, passwordField } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestError } from '../api/request';
import { contractRule, issueMessage, showServerFieldError } from './formRules';

const loginNameField = z.string().regex(/^[A-Za-z0-9_.@-]+$/, 'loginName may only use letters, digits and _ . @ -');
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
  it('names the pattern the schema declared, not one guessed from the regular expression', async () => {
    // A pattern with letters in its class used to read as "must contain a letter".
    const rule = contractRule(loginNameField, 'Login', t);
    expect(await check(rule, 'has space')).toBe('validation.invalid{"field":"Login"}');
    expect(await check(rule, 'ok.name')).toBe('ok');
  });
});

describe('showServerFieldError', () => {
  const fakeForm = () => {
    const set: unknown[] = [];
    return { set, form: { setFields: (f: unknown) => set.push(f) } as never };
  };
  it('puts each named field under its field, phrased with its label from rule and params', () => {
    const { set, form } = fakeForm();
    const err = new RequestError('api', 'groupName: a park named "A" already exists', 1006, [
      { field: 'groupName', rule: 'duplicate', params: { value: 'A' } },
    ]);
    expect(showServerFieldError(form, err, ['groupName', 'holderMan'], t, { groupName: 'Park name' })).toBe(true);
    expect(set).toEqual([[{ name: 'groupName', errors: ['validation.duplicate{"field":"Park name","value":"A"}'] }]]);
  });
  it("shows the server's sentence for a rule it has no words for, and leaves other errors to the caller", () => {
    const { set, form } = fakeForm();
    const err = new RequestError('api', 'zones: zone 9 does not exist', 1001, [{ field: 'zones', rule: 'invalid' }]);
    expect(showServerFieldError(form, err, ['zones'], t, { zones: 'Zones' })).toBe(true);
    expect(set).toEqual([[{ name: 'zones', errors: ['zones: zone 9 does not exist'] }]]);
    const inUse = new RequestError('api', 'roleId 3: 1 user still holds', 1006, [
      { rule: 'inUse', params: { count: 1 } },
    ]);
    expect(showServerFieldError(form, inUse, ['roleName'])).toBe(false);
    expect(showServerFieldError(form, new Error('x'), ['groupName'])).toBe(false);
  });
});
