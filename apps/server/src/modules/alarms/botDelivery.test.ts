import type { WebhookType } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, alarmFixture } from '../../test/alarmFixture';
import { engines } from '../../test/harness';
import { startBotStandIn } from './botStandIns';
import { BOT_LIMITS, botSignature, noticeCard } from './bots';
import { createChannels } from './channels';
import { createOutbox } from './outbox';
import { insertDeliveries } from './outboxRepo';

const SECRETS: Record<string, string> = {
  '/dingtalk/burst': 'SEC0123456789abcdef0123456789abcdef',
  '/feishu/burst': 'feishu-secret-01',
  '/dingtalk/wrong': 'SECthe-bot-has-another-one',
};
const BASE = 'https://farm.example';

it('signs as DingTalk and Feishu document it (values computed independently)', () => {
  expect(botSignature('dingtalk', '1700000000000', 'SEC0123456789abcdef')).toBe(
    'TSZbRFUuvaSQaRKUpF970OPCb2/LcQAP3wOvwZIzBZk=',
  );
  expect(botSignature('feishu', '1700000000', 'feishu-secret-01')).toBe('qQJDh0DjcKtraQn8sDRgB4PJYlekJFFEe2kwFVFk3C8=');
});

it("makes each platform's card with a link to the alarm's record", () => {
  const n = {
    subject: '[严重] 告警：气象站 大风',
    lines: ['级别：严重', '当前值：12'],
    severity: 'critical',
    link: 'L',
  };
  expect(noticeCard('wecom', n)).toMatchObject({
    msgtype: 'template_card',
    template_card: { card_type: 'text_notice', card_action: { type: 1, url: 'L' } },
  });
  expect(noticeCard('dingtalk', n)).toMatchObject({ msgtype: 'actionCard', actionCard: { singleURL: 'L' } });
  expect(noticeCard('feishu', n)).toMatchObject({ msg_type: 'interactive', card: { header: { template: 'red' } } });
  expect(JSON.stringify(noticeCard('feishu', n))).toContain('"url":"L"');
  // without a public address there is nothing to link to: the bots get markdown
  expect(noticeCard('wecom', { ...n, link: '' })).toMatchObject({ msgtype: 'markdown' });
});

describe.each(engines)('group bots [%s]', (engine) => {
  const fx = alarmFixture(engine);
  let clock = Date.now();
  let bots: Awaited<ReturnType<typeof startBotStandIn>>;
  beforeAll(async () => {
    bots = await startBotStandIn({ secrets: SECRETS, now: () => clock });
  });
  afterAll(() => bots?.close());

  const outbox = () =>
    createOutbox({
      db: fx.env.db,
      channels: createChannels(fx.env.config, () => clock),
      now: () => clock,
      publicBaseUrl: BASE,
    });

  async function botContact(type: WebhookType, path: string) {
    const c = await fx.env.post<{ id: number }>(`${A}/addAlarmContact`, fx.demo, {
      name: `机器人 ${path}`,
      webhookUrl: bots.url(path),
      webhookType: type,
      webhookSecret: SECRETS[path] ?? '',
      groupIds: [fx.park],
    });
    expect(c.code, c.msg).toBe(0);
    return { id: c.data.id, url: bots.url(path) };
  }

  /** `n` new alarms (copies of a seeded one), each with a pending notice to the contact. */
  async function alarmsFor(contact: { id: number; url: string }, n: number): Promise<number[]> {
    const { id: _id, ...model } = await fx.env.db
      .selectFrom('alarms')
      .selectAll()
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const row = await fx.env.db
        .insertInto('alarms')
        .values({ ...model, state: 'active', open_key: null, raised_at: clock, value: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await insertDeliveries(
      fx.env.db,
      ids.map((alarmId) => ({
        alarm_id: alarmId,
        contact_id: contact.id,
        contact_name: '机器人',
        channel: 'webhook',
        target: contact.url,
        event: 'raised',
        state: 'pending',
        next_at: clock,
        subject: `[严重] 告警：气象站 大风 ${alarmId}`,
        body: `告警：大风\n级别：严重\n当前值：${alarmId}`,
        created_at: clock,
      })),
    );
    return ids;
  }

  it.each([
    ['wecom', '/wecom/burst'],
    ['dingtalk', '/dingtalk/burst'],
    ['feishu', '/feishu/burst'],
  ] as const)(
    'a burst of 100 alarms reaches the %s stand-in within its limit as digests, signed, nothing lost',
    async (type, path) => {
      await fx.env.db.deleteFrom('alarm_deliveries').where('state', 'in', ['pending', 'held', 'retrying']).execute();
      const contact = await botContact(type, path);
      const box = outbox();
      const start = clock;
      // 100 alarms within 50 s, the outbox running every 5 s as the alarm job does, for 3 minutes
      const alarmIds: number[] = [];
      for (let s = 0; s <= 180; s += 5) {
        clock = start + s * 1000;
        if (s < 50) alarmIds.push(...(await alarmsFor(contact, 10)));
        await box.process();
      }
      expect(alarmIds).toHaveLength(100);

      const posts = bots.posts.filter((p) => p.bot === path);
      expect(bots.refused).toEqual({ limit: 0, sign: 0, bad: 0 });
      const { perMinute, perSecond } = BOT_LIMITS[type];
      for (const p of posts) {
        expect(posts.filter((q) => q.at > p.at - 60_000 && q.at <= p.at).length).toBeLessThanOrEqual(perMinute);
        if (perSecond)
          expect(posts.filter((q) => q.at > p.at - 1000 && q.at <= p.at).length).toBeLessThanOrEqual(perSecond);
      }
      // every alarm in exactly one message, linked to its record
      const carried = posts.flatMap((p) => [
        ...new Set([...JSON.stringify(p.body).matchAll(/alarmList\?id=(\d+)/g)].map((m) => Number(m[1]))),
      ]);
      expect(carried.sort((a, b) => a - b)).toEqual([...alarmIds].sort((a, b) => a - b));
      expect(JSON.stringify(posts[0].body)).toContain(`${BASE}/alarm/alarmList?id=${alarmIds[0]}`);
      const digests = posts.filter((p) => JSON.stringify(p.body).includes('告警汇总'));
      expect(digests.length).toBeGreaterThan(0);
      expect(posts.length).toBeLessThan(100);

      // every delivery row says it was sent, alone or inside the digest whose first row it names
      const rows = await fx.env.db
        .selectFrom('alarm_deliveries')
        .selectAll()
        .where('alarm_id', 'in', alarmIds)
        .execute();
      expect(rows.map((r) => r.state)).toEqual(Array(100).fill('sent'));
      const messages = rows.filter((r) => r.digest_id === null || r.digest_id === r.id);
      expect(messages).toHaveLength(posts.length);
      const inDigests = rows.filter((r) => r.digest_id !== null);
      expect(inDigests.length).toBe(
        digests.reduce((n, p) => n + new Set(JSON.stringify(p.body).match(/alarmList\?id=\d+/g)).size, 0),
      );
      const detail = await fx.detail(inDigests[0].alarm_id);
      expect(detail.deliveries.find((d) => d.channel === 'webhook')?.digestId).toBe(inDigests[0].digest_id);
    },
  );

  it('fails at once on a wrong secret; a bot already at its limit makes the notices wait without spending attempts', async () => {
    await fx.env.db.deleteFrom('alarm_deliveries').where('state', 'in', ['pending', 'held', 'retrying']).execute();
    const box = outbox();
    // the contact has another secret than the bot
    const wrong = await fx.env.post<{ id: number }>(`${A}/addAlarmContact`, fx.demo, {
      name: '机器人 错误密钥',
      webhookUrl: bots.url('/dingtalk/wrong'),
      webhookType: 'dingtalk',
      webhookSecret: 'SECnot-the-bots-secret',
      groupIds: [fx.park],
    });
    const [bad] = await alarmsFor({ id: wrong.data.id, url: bots.url('/dingtalk/wrong') }, 1);
    const signBefore = bots.refused.sign;
    await box.process();
    const [row] = await fx.deliveriesOf(bad);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/310000.*signing secret/);
    expect(bots.refused.sign).toBe(signBefore + 1);

    // someone else used up the bot's minute: the platform refuses, the notices wait a minute
    const other = await botContact('wecom', '/wecom/shared');
    for (let i = 0; i < 20; i++)
      await fetch(other.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ msgtype: 'markdown', markdown: { content: `其他系统 ${i}` } }),
      });
    const ids = await alarmsFor(other, 3);
    const limitBefore = bots.refused.limit;
    await box.process();
    expect(bots.refused.limit).toBe(limitBefore + 1);
    const waiting = (
      await fx.env.db.selectFrom('alarm_deliveries').selectAll().where('alarm_id', 'in', ids).execute()
    ).map((r) => [r.state, r.attempts, r.next_at]);
    expect(waiting).toEqual(Array(3).fill(['pending', 0, clock + 60_000]));
    clock += 60_000;
    await box.process();
    const after = await fx.env.db.selectFrom('alarm_deliveries').select('state').where('alarm_id', 'in', ids).execute();
    expect(after.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
  });
});
