import { describe, expect, it } from 'vitest';
import i18n, { addPageTexts } from './index';

describe('addPageTexts', () => {
  it('adds a page area in both languages, whether English loaded before or after the page', async () => {
    addPageTexts({ areaOne: { title: '甲' } }, { areaOne: { title: 'One' } });
    expect(i18n.t('areaOne.title', { lng: 'zh-CN' })).toBe('甲');
    await i18n.changeLanguage('en-US');
    // the English of the first load is still there, and the page's own
    expect(i18n.t('areaOne.title')).toBe('One');
    expect(i18n.t('common.cancel')).toBe('Cancel');
    addPageTexts({ areaTwo: { title: '乙' } }, { areaTwo: { title: 'Two' } });
    expect(i18n.t('areaTwo.title')).toBe('Two');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('areaTwo.title')).toBe('乙');
  });
});
