import type { AlarmDetail } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '../db/connect';
import type { AlarmDeliveriesTable, AlarmsTable } from '../db/rulesAlarmsSchema';
import { deliveriesOf } from '../modules/alarms/outboxRepo';
import { startReceiver, startSmtp } from '../modules/alarms/testReceivers';
import { sendReadings, settle } from './devices';
import { createTestEnv, type TestEnv } from './harness';

/** Shared set-up of the alarm tests: a mail server, a webhook receiver, the demo logins and a contact. */

export const A = '/api/merchant/alarm';
export const MIN = 60_000;

export interface AlarmFixture {
  env: TestEnv & { close: () => Promise<void> };
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  hook: Awaited<ReturnType<typeof startReceiver>>;
  demo: string;
  demo2: string;
  park: number;
  station: { id: number; serial: string };
  contactId: number;
  send(serial: string, ts: number, values: Record<string, number>): ReturnType<TestEnv['bus']['dispatch']>;
  /** Ingest commits, then the engine evaluates (queued after the commit event). */
  settle(): Promise<void>;
  detail(id: number): Promise<AlarmDetail>;
  openAlarmOf(ruleId: number): Promise<Selectable<AlarmsTable> | undefined>;
  /** Adds an alarm rule as the demo administrator, asking in a language (`zh-CN`, `en`): the raw answer. */
  addRuleIn(lang: string, body: object): ReturnType<TestEnv['call']>;
  /** An alarm's deliveries in the order they were queued. */
  deliveriesOf(alarmId: number): Promise<Selectable<AlarmDeliveriesTable>[]>;
}

/** Registers the set-up and tear-down of one test file; the fields are filled before its first test. */
export function alarmFixture(engine: Engine): AlarmFixture {
  const fx = {
    send: (serial, ts, values) => sendReadings(fx.env, serial, [{ ts, values }]),
    settle: () => settle(fx.env),
    detail: async (id) => (await fx.env.get<AlarmDetail>(`${A}/getAlarmDetail`, fx.demo, { id: String(id) })).data,
    openAlarmOf: (ruleId) =>
      fx.env.db.selectFrom('alarms').selectAll().where('rule_id', '=', ruleId).orderBy('id', 'desc').executeTakeFirst(),
    deliveriesOf: (alarmId) => deliveriesOf(fx.env.db, [alarmId]),
    addRuleIn: (lang, body) =>
      fx.env.call({
        method: 'POST',
        url: `${A}/addAlarmRule`,
        token: fx.demo,
        headers: { 'accept-language': lang },
        payload: body,
      }),
  } as AlarmFixture;

  beforeAll(async () => {
    fx.smtp = await startSmtp();
    fx.hook = await startReceiver();
    fx.env = await createTestEnv(engine, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(fx.smtp.port),
      SMTP_FROM: 'FarmPark <alarm@farm.test>',
    });
    [fx.demo, fx.demo2] = await Promise.all([fx.env.login('demo'), fx.env.login('demo2')]);
    const station = await fx.env.db
      .selectFrom('devices')
      .select(['id', 'serial', 'group_id'])
      .where('serial', '=', 'DF-WS-0001')
      .executeTakeFirstOrThrow();
    fx.station = station;
    fx.park = station.group_id as number;
    const c = await fx.env.post<{ id: number }>(`${A}/addAlarmContact`, fx.demo, {
      name: '测试值班',
      email: 'ops@farm.test',
      webhookUrl: fx.hook.url('/wecom'),
      webhookType: 'wecom',
      groupIds: [fx.park],
    });
    expect(c.code, c.msg).toBe(0);
    fx.contactId = c.data.id;
  });
  afterAll(async () => {
    await fx.env?.close();
    await fx.smtp?.close();
    await fx.hook?.close();
  });
  return fx;
}
