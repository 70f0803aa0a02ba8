import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';

describeEachEngine('demo alarms', (env) => {
  it('seeds a gust rule that fires as the demo runs, and its past week as records, some acknowledged', async () => {
    const { db } = env();
    const rule = await db.selectFrom('rules').selectAll().where('name', '=', '大风提醒').executeTakeFirstOrThrow();
    expect(JSON.parse(rule.condition)).toMatchObject({ kind: 'threshold', key: 'windSpeed', op: 'above' });
    const records = await db.selectFrom('alarms').selectAll().where('rule_id', '=', rule.id).execute();
    expect(records.length).toBeGreaterThanOrEqual(10);
    const week = Date.now() - 7 * 86_400_000;
    expect(records.every((r) => r.state === 'cleared' && Number(r.raised_at) > week && r.open_key === null)).toBe(true);
    expect(records.some((r) => r.acked_by_name !== '' && r.ack_comment !== '')).toBe(true);
  });
});
