import { addPlantingBody, parkFields, passwordField } from '@farmpark/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestError } from '../api/request';
import i18n from '../i18n';
import { bodyIssues, contractRule, issueMessage, namePath, showDetails, showServerFieldError } from './formRules';

const loginNameField = z.string().regex(/^[A-Za-z0-9_.@-]+$/, 'loginName may only use letters, digits and _ . @ -');
const check = async (rule: ReturnType<typeof contractRule>, value: unknown) => {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: antd's validator signature takes loose arguments
    await (rule as any).validator({}, value);
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
};

afterEach(() => i18n.changeLanguage('zh-CN'));

describe('contractRule', () => {
  it('phrases the contract checks of a park name in Chinese by the label', async () => {
    const rule = contractRule(parkFields.shape.groupName, '园区名称');
    expect(await check(rule, '')).toMatch(/^请.*园区名称|园区名称.*(必填|不能为空)/);
    expect(await check(rule, undefined)).toBe(await check(rule, ''));
    expect(await check(rule, 'x'.repeat(51))).toContain('50');
    expect(await check(rule, 'North field')).toBe('ok');
  });
  it('phrases number bounds in English and accepts empty optional numbers', async () => {
    await i18n.changeLanguage('en-US');
    const rule = contractRule(parkFields.shape.latitude, 'Latitude');
    const text = await check(rule, 91);
    expect(text).toMatch(/^Latitude\b/);
    expect(text).toContain('90');
    expect(await check(rule, null)).toBe('ok');
    expect(await check(rule, 30.5)).toBe('ok');
  });
  it('phrases each password rule differently', async () => {
    const rule = contractRule(passwordField, '新密码');
    const said = [await check(rule, 'abc1'), await check(rule, '12345678'), await check(rule, 'abcdefgh')];
    expect(new Set(said).size).toBe(3);
    for (const s of said) expect(s).toContain('新密码');
    expect(await check(rule, 'abcd1234')).toBe('ok');
  });
  it('falls back to a generic sentence, never the English message of an unnamed rule', async () => {
    expect(issueMessage({ code: 'custom' }, 'F')).toContain('F');
    const rule = contractRule(loginNameField, '登录名');
    const text = await check(rule, 'has space');
    expect(text).toContain('登录名');
    expect(text).not.toMatch(/[A-Za-z]{3}/);
    expect(await check(rule, 'ok.name')).toBe('ok');
  });
});

const fakeForm = () => {
  const set: unknown[] = [];
  return { set, form: { setFields: (f: unknown) => set.push(f) } as never };
};

describe('showServerFieldError', () => {
  it('puts each named field under its field, phrased with its label from rule and params', () => {
    const { set, form } = fakeForm();
    const err = new RequestError('api', 'groupName: a park named "A" already exists', 1006, [
      { field: 'groupName', rule: 'duplicate', params: { value: 'A' } },
    ]);
    expect(showServerFieldError(form, err, { groupName: '园区名称', holderMan: '负责人' })).toBe(true);
    const [[{ name, errors }]] = set as [[{ name: unknown; errors: string[] }]];
    expect(name).toEqual(['groupName']);
    expect(errors[0]).toContain('园区名称');
    expect(errors[0]).not.toContain('groupName');
  });
  it("shows the server's sentence for a rule it has no words for, and leaves other errors to the caller", () => {
    const { set, form } = fakeForm();
    const err = new RequestError('api', '分区 9 不存在', 1001, [{ field: 'zones', rule: 'invalid' }]);
    expect(showServerFieldError(form, err, { zones: '分区' })).toBe(true);
    expect(set).toEqual([[{ name: ['zones'], errors: ['分区 9 不存在'] }]]);
    const inUse = new RequestError('api', '仍有 1 个用户使用该角色', 1006, [{ rule: 'inUse', params: { count: 1 } }]);
    expect(showServerFieldError(form, inUse, { roleName: '角色名称' })).toBe(false);
    expect(showServerFieldError(form, new Error('x'), { groupName: '园区名称' })).toBe(false);
  });
});

describe('showDetails', () => {
  it('attaches a cross-field rule to the later date, named by the labels of both fields', () => {
    const { set, form } = fakeForm();
    const body = {
      groupId: 1,
      areaPointId: 1,
      cropId: 1,
      areaMu: 2,
      sownOn: '2026-05-10',
      transplantedOn: '2026-05-01',
    };
    const issues = bodyIssues(addPlantingBody, { ...body, expectedHarvestOn: '2026-08-01', status: 'growing' });
    const labels = { sownOn: '播种日期', transplantedOn: '移栽日期', expectedHarvestOn: '预计采收日期' };
    const rest = showDetails(form, issues ?? [], labels);
    const fields = (set[0] as { name: unknown; errors: string[] }[]) ?? [];
    const later = fields.find((f) => JSON.stringify(f.name) === '["transplantedOn"]');
    expect(later?.errors[0]).toContain('移栽日期');
    expect(later?.errors[0]).toContain('播种日期');
    expect(rest).toEqual([]);
  });
  it('puts a nested field under its list when the form has no input for the item, naming the row', async () => {
    await i18n.changeLanguage('en-US');
    const { set, form } = fakeForm();
    showDetails(form, [{ field: 'stages.2.ranges.1.max', rule: 'moreThan', params: { min: 5 } }], { stages: 'Stages' });
    const [[{ name, errors }]] = set as [[{ name: unknown; errors: string[] }]];
    expect(name).toEqual(['stages']);
    expect(errors[0]).toContain('stage 3');
    expect(errors[0]).not.toContain('stages.2');
  });
  it('reads a dotted field as a form name path', () => {
    expect(namePath('items.0.name')).toEqual(['items', 0, 'name']);
  });
});
