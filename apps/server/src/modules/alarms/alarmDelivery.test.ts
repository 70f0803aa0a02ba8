import type { AlarmRule } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { A, alarmFixture } from '../../test/alarmFixture';
import { engines } from '../../test/harness';
import { createChannels } from './channels';
import { createOutbox, MAX_ATTEMPTS } from './outbox';

describe.each(engines)('alarm delivery [%s]', (engine) => {
  const fx = alarmFixture(engine);

  it('holds non-critical notifications during quiet hours; critical ones go at once', async () => {
    const allDay = [{ start: '00:00', end: '23:59' }];
    const rule = (name: string, severity: string) =>
      fx.env.post<AlarmRule>(`${A}/addAlarmRule`, fx.demo, {
        groupId: fx.park,
        name,
        deviceId: fx.station.id,
        condition: { kind: 'threshold', key: 'windSpeed', op: 'above', value: 10 },
        severity,
        contactIds: [fx.contactId],
        channels: ['email'],
        quietHours: allDay,
      });
    const quiet = await rule('测试免打扰', 'warning');
    const loud = await rule('测试严重', 'critical');
    await fx.send(fx.station.serial, Date.now(), { windSpeed: 12 });
    await fx.settle();
    const q = await fx.detail((await fx.openAlarmOf(quiet.data.id))!.id);
    const l = await fx.detail((await fx.openAlarmOf(loud.data.id))!.id);
    expect(q.deliveries.map((x) => [x.channel, x.state])).toEqual([
      ['console', 'sent'],
      ['email', 'held'],
    ]);
    expect(q.deliveries[1].nextAt).toBeGreaterThan(Date.now());
    expect(l.deliveries.map((x) => [x.channel, x.state])).toEqual([
      ['console', 'sent'],
      ['email', 'pending'],
    ]);
    await fx.env.post(`${A}/removeAlarmRule`, fx.demo, { id: [quiet.data.id, loud.data.id] });
  });

  it('retries a failing webhook with exponential backoff, never calls it sent before it is, and gives up as failed', async () => {
    const alarm = await fx.env.db.selectFrom('alarms').select('id').orderBy('id').executeTakeFirstOrThrow();
    let clock = Date.now();
    const base = 1000;
    const outbox = createOutbox({
      db: fx.env.db,
      channels: createChannels(fx.env.config),
      now: () => clock,
      retryBaseMs: base,
    });
    const row = (target: string, channel = 'webhook') => ({
      alarm_id: alarm.id,
      contact_id: fx.contactId,
      contact_name: '测试值班',
      channel,
      target,
      event: 'raised',
      state: 'pending',
      next_at: clock,
      subject: '退避测试',
      body: '退避测试\n第二行',
      created_at: clock,
    });
    await fx.env.db.deleteFrom('alarm_deliveries').where('state', 'in', ['pending', 'held', 'retrying']).execute();
    const { id: flaky } = await fx.env.db
      .insertInto('alarm_deliveries')
      .values(row(fx.hook.url('/flaky')))
      .returning('id')
      .executeTakeFirstOrThrow();
    const state = async (id: number) =>
      fx.env.db.selectFrom('alarm_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    fx.hook.statuses.push(500, 503);
    await outbox.process();
    expect(await state(flaky)).toMatchObject({ state: 'retrying', attempts: 1, next_at: clock + base });
    expect((await state(flaky)).last_error).toMatch(/HTTP 500/);
    clock += base - 1;
    await outbox.process();
    expect((await state(flaky)).attempts).toBe(1);
    clock += 1;
    await outbox.process();
    expect(await state(flaky)).toMatchObject({ state: 'retrying', attempts: 2, next_at: clock + 2 * base });
    clock += 2 * base;
    await outbox.process();
    expect(await state(flaky)).toMatchObject({ state: 'sent', attempts: 3, last_error: '' });
    expect(fx.hook.posts.at(-1)).toMatchObject({ path: '/flaky' });

    // nobody listens: failed after MAX_ATTEMPTS; SMS without a gateway fails at once
    const { id: dead } = await fx.env.db
      .insertInto('alarm_deliveries')
      .values(row('http://127.0.0.1:9/none'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: sms } = await fx.env.db
      .insertInto('alarm_deliveries')
      .values(row('13800000009', 'sms'))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await outbox.process();
      clock += base * 2 ** i;
    }
    expect(await state(dead)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(await state(sms)).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await state(sms)).last_error).toMatch(/SMS not configured/);
  });

  it('gives a plain webhook the alarm as JSON', async () => {
    const { webhookBody } = await import('./channels');
    const m = { subject: 'S', text: 'S\nL', data: { alarmId: 1 } };
    expect(webhookBody(m)).toEqual({ subject: 'S', text: 'S\nL', alarmId: 1 });
  });
});
