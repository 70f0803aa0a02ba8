import { describe, expect, it } from 'vitest';
import { passwordField, resetLoginPwdBody } from './auth';
import { ERROR_RULES, issueDetail, phraseDetail, phraseTemplates } from './errorDetail';
import { thresholdCondition } from './rules';

const firstIssue = (r: { success: boolean; error?: { issues: unknown[] } }) => r.error?.issues[0] as never;

describe('error details', () => {
  it('phrase every rule in both languages, with the label given', () => {
    for (const rule of ERROR_RULES) {
      const en = phraseDetail(
        { field: 'x', rule, params: { min: 2, max: 9, value: 'v', count: 3, values: 'a' } },
        'en',
        'Name',
      );
      const zh = phraseDetail(
        { field: 'x', rule, params: { min: 2, max: 9, value: 'v', count: 3, values: 'a' } },
        'zh',
        '名称',
      );
      expect(en).toContain('Name');
      expect(zh).toContain('名称');
      expect(`${en}${zh}`).not.toMatch(/undefined|\{/);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(phraseDetail({ field: 'groupName', rule: 'duplicate', params: { value: '一号园' } }, 'zh', '园区名称')).toBe(
      '园区名称“一号园”已存在',
    );
    expect(phraseDetail({ rule: 'inUse', params: { count: 2 } }, 'en', 'The role')).toBe(
      'The role is still used by 2; move them first',
    );
  });

  it('take the rule from the schema: bounds, named patterns and declared refinements', () => {
    expect(issueDetail(firstIssue(passwordField.safeParse('ab1')), 'newPwd')).toEqual({
      field: 'newPwd',
      rule: 'minLength',
      params: { min: 8 },
    });
    expect(issueDetail(firstIssue(passwordField.safeParse('12345678')))).toEqual({ rule: 'letter' });
    expect(issueDetail(firstIssue(passwordField.safeParse('abcdefgh')))).toEqual({ rule: 'digit' });
    expect(issueDetail(firstIssue(resetLoginPwdBody.safeParse({ oldPwd: 'abc12345', newPwd: 'abc12345' })))).toEqual({
      rule: 'sameAsOld',
    });
    const between = thresholdCondition.safeParse({
      kind: 'threshold',
      key: 'airTemp',
      op: 'between',
      low: 30,
      high: 10,
    });
    expect(issueDetail(firstIssue(between), 'condition.high')).toEqual({
      field: 'condition.high',
      rule: 'lowAboveHigh',
    });
  });

  it('give the console i18next templates from the same table', () => {
    expect(phraseTemplates('en').minLength).toBe('{{field}} needs at least {{min}} characters');
    expect(phraseTemplates('zh').duplicate).toBe('{{field}}“{{value}}”已存在');
    expect(Object.keys(phraseTemplates('zh'))).toEqual(ERROR_RULES);
  });
});
