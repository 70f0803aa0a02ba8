import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import './areaTexts';

// That both languages have the same keys is checked for every area in i18n/pageTexts.test.ts.
describe('production texts', () => {
  it('says a harvest refused inside a safety interval in words, in both languages', async () => {
    const params = { field: '采收日期', pesticide: '吡虫啉', sprayedOn: '2026-06-10', firstDay: '2026-06-17' };
    expect(i18n.t('validation.safetyInterval', { ...params, lng: 'zh-CN' })).toBe(
      '采收日期不能早于 2026-06-17：2026-06-10 喷施了吡虫啉，尚在安全间隔期内',
    );
    await i18n.changeLanguage('en-US');
    expect(i18n.t('validation.safetyInterval', { ...params, field: 'Harvested on' })).toBe(
      'Harvested on must be 2026-06-17 or later: 吡虫啉 was sprayed on 2026-06-10 (safety interval)',
    );
    expect(i18n.t('production.harvest.overrideReason')).toBe('Override reason');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('production.harvest.overrideReason')).toBe('强制采收说明');
  });
});
