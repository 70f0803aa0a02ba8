import { describe, expect, it } from 'vitest';
import { operatorText } from './operators';

describe('operatorText', () => {
  it('names programs and rules by kind and name in both languages, people by login name', () => {
    expect(operatorText('program:早间水肥', 'zh')).toBe('程序“早间水肥”');
    expect(operatorText('program:早间水肥', 'en')).toBe('program "早间水肥"');
    expect(operatorText('smart:1区墒情', 'zh')).toBe('智能规则“1区墒情”');
    expect(operatorText('smart:1区墒情', 'en')).toBe('smart rule "1区墒情"');
    expect(operatorText('rule:高温通风', 'en')).toBe('automation rule "高温通风"');
    expect(operatorText('demo', 'zh')).toBe('demo');
  });
});
