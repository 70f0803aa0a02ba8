import { SYSTEM_LOG_ACTION_TEXT, SYSTEM_LOG_TARGET_TEXT } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { systemEn } from '../texts.en-US';
import { systemZh } from '../texts.zh-CN';

/** The log's filter lists (console i18n) and the server's phrasing of rows and files (contracts) use one set of words. */
describe('system log words', () => {
  it('are the same in the console and in contracts', () => {
    const [adminZhCN, adminEnUS] = [systemZh.admin, systemEn.admin];
    for (const [k, v] of Object.entries(SYSTEM_LOG_ACTION_TEXT)) {
      expect(adminZhCN.actions[k as keyof typeof adminZhCN.actions], k).toBe(v.zh);
      expect(adminEnUS.actions[k as keyof typeof adminEnUS.actions], k).toBe(v.en);
    }
    for (const [k, v] of Object.entries(SYSTEM_LOG_TARGET_TEXT)) {
      expect(adminZhCN.targetTypes[k as keyof typeof adminZhCN.targetTypes], k).toBe(v.zh);
      expect(adminEnUS.targetTypes[k as keyof typeof adminEnUS.targetTypes], k).toBe(v.en);
    }
  });
});
