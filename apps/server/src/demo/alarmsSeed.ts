import { dayIn } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { seedPastAlarms } from './alarmsPast';

const DAY = 86_400_000;
/**
 * The demo's Feishu group bot: the stand-in `npm run demo:inbox` starts checks this secret and Feishu's
 * limits (docs/ALARMS.md "Group bots").
 */
export const DEMO_BOT = {
  url: 'http://127.0.0.1:2527/feishu/farmpark',
  path: '/feishu/farmpark',
  secret: 'demo-feishu-bot-secret',
};
/** The demo's flow rule on the park's smart irrigation machines. */
export const DEMO_FLOW_RULE = '灌溉管道流量异常';
const WINDY = { kind: 'threshold', key: 'windSpeed', op: 'above', value: 5, forMs: 0, hysteresis: 0.8 };

/**
 * Demo alarms: a contact and a Feishu group bot (on the gust rule), six rules (thresholds on the park weather station, one of them on gusts that
 * fire now and then, a class-wide soil threshold, plantings out of their ideal range, the smart machines' zone
 * flow, an offline rule) with a week of past records and a notice for Demo Farm's first park, so the alarm pages have
 * something real to show. Runs right after the base seed, so Demo Farm's rows come first.
 */
export async function seedAlarmDemo(db: Db, now: number, tz = 'Asia/Shanghai'): Promise<void> {
  const farm = await db.selectFrom('merchants').select('id').where('name', '=', 'Demo Farm').executeTakeFirst();
  if (!farm) return;
  const parks = await db.selectFrom('groups').select('id').where('merchant_id', '=', farm.id).orderBy('id').execute();
  const station = await db
    .selectFrom('devices')
    .select(['id', 'group_id'])
    .where('merchant_id', '=', farm.id)
    .where('serial', '=', 'DF-WS-0001')
    .executeTakeFirst();
  if (parks.length === 0 || !station?.group_id) return;
  const park = station.group_id;

  const { id: contact } = await db
    .insertInto('alarm_contacts')
    .values({
      merchant_id: farm.id,
      name: '值班员 王工',
      phone: '13800000009',
      email: 'duty@farmpark.local',
      webhook_url: '',
      webhook_type: 'plain',
      enabled: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: bot } = await db
    .insertInto('alarm_contacts')
    .values({
      merchant_id: farm.id,
      name: '园区值班群（飞书机器人）',
      phone: '',
      email: '',
      webhook_url: DEMO_BOT.url,
      webhook_type: 'feishu',
      webhook_secret: DEMO_BOT.secret,
      enabled: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('alarm_contact_groups')
    .values([
      ...parks.slice(0, 2).map((p) => ({ contact_id: contact, group_id: p.id })),
      { contact_id: bot, group_id: park },
    ])
    .execute();

  const rule = (
    name: string,
    target: { device_id: number | null; device_class: string | null },
    condition: object,
    config: object,
  ) => ({
    merchant_id: farm.id,
    group_id: park,
    owner_kind: 'alarm',
    name,
    ...target,
    condition: JSON.stringify(condition),
    windows: '[]',
    config: JSON.stringify(config),
    enabled: 1,
    created_at: now,
    updated_at: now,
  });
  const rules = await db
    .insertInto('rules')
    .values([
      rule(
        '园区高温告警',
        { device_id: station.id, device_class: null },
        { kind: 'threshold', key: 'airTemp', op: 'above', value: 35, forMs: 300_000, hysteresis: 1 },
        { severity: 'warning', contactIds: [contact], channels: ['email'], repeatMinutes: 30, quietHours: [] },
      ),
      rule(
        '土壤过干告警',
        { device_id: null, device_class: 'soilStation' },
        { kind: 'threshold', key: 'soilMoisture20', op: 'below', value: 15, forMs: 600_000, hysteresis: 2 },
        {
          severity: 'critical',
          contactIds: [contact],
          channels: ['email', 'sms'],
          repeatMinutes: 60,
          quietHours: [{ start: '22:00', end: '07:00' }],
        },
      ),
      // gusts pass 5 m/s a few times an hour on most days: the records page fills as the demo runs
      // the park's group bot hears of every gust: with `npm run demo:inbox` running, its cards arrive there
      rule('大风提醒', { device_id: station.id, device_class: null }, WINDY, {
        severity: 'info',
        contactIds: [bot],
        channels: ['webhook'],
        repeatMinutes: 0,
        quietHours: [],
      }),
      // a planting whose plot's sensors read outside its stage's range longer than its standard allows (issue 24)
      rule(
        '种植环境超出适宜范围',
        { device_id: null, device_class: null },
        { kind: 'plantingRange' },
        { severity: 'warning', contactIds: [contact], channels: ['email'], repeatMinutes: 0, quietHours: [] },
      ),
      // the smart machine's zone 1 line clogs slowly (irrigation.ts DEMO_CLOG): its flow alarm rises within a demo day
      rule(
        DEMO_FLOW_RULE,
        { device_id: null, device_class: 'smartIrrigation' },
        { kind: 'zoneFlow', deviationPct: 30, minRuns: 3 },
        { severity: 'warning', contactIds: [contact], channels: ['email'], repeatMinutes: 0, quietHours: [] },
      ),
      rule(
        '气象站离线告警',
        { device_id: null, device_class: 'weatherStation' },
        { kind: 'offline', forMs: 600_000 },
        { severity: 'critical', contactIds: [contact], channels: ['email'], repeatMinutes: 0, quietHours: [] },
      ),
    ])
    .returning(['id', 'name'])
    .execute();
  const windy = rules.find((r) => r.name === '大风提醒')!;
  await seedPastAlarms(db, now, {
    merchantId: farm.id,
    parkId: park,
    ruleId: windy.id,
    ruleName: windy.name,
    condition: WINDY,
  });

  await db
    .insertInto('notices')
    .values({
      merchant_id: farm.id,
      title: '春季病虫害统防统治通知',
      body: '请各园区本周内完成虫情测报灯与孢子捕捉仪的巡检，发现异常及时在告警管理中确认处理。',
      start_date: dayIn(tz, now - DAY),
      end_date: dayIn(tz, now + 30 * DAY),
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
