import type { AlarmDetail, AlarmRecord, AlarmRule, Notice, Paged } from '@farmpark/contracts';
import { Code } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleEngine } from '../../rules/engine';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { createChannels } from './channels';
import { createAlarmLifecycle } from './lifecycle';
import { createOutbox, MAX_ATTEMPTS } from './outbox';
import { mailText, startReceiver, startSmtp } from './testReceivers';

const A = '/api/merchant/alarm';
const MIN = 60_000;

describe.each(engines)('alarms [%s]', (engine) => {
  let env: TestEnv & { close: () => Promise<void> };
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hook: Awaited<ReturnType<typeof startReceiver>>;
  let demo: string;
  let demo2: string;
  let park: number;
  let station: { id: number; serial: string };
  let contactId: number;

  const send = (serial: string, ts: number, values: Record<string, number>) =>
    env.bus.dispatch({
      serial,
      channel: 'telemetry',
      payload: Buffer.from(JSON.stringify({ readings: [{ ts, values }] })),
      receivedAt: Date.now(),
    });
  /** Ingest commits, then the engine evaluates (queued after the commit event). */
  const settle = async () => {
    await env.telemetry.ingest.drain();
    await env.rules.idle();
  };
  const detail = async (id: number) =>
    (await env.get<AlarmDetail>(`${A}/getAlarmDetail`, demo, { id: String(id) })).data;
  const openAlarmOf = async (ruleId: number) =>
    env.db.selectFrom('alarms').selectAll().where('rule_id', '=', ruleId).orderBy('id', 'desc').executeTakeFirst();

  beforeAll(async () => {
    smtp = await startSmtp();
    hook = await startReceiver();
    env = await createTestEnv(engine, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'FarmPark <alarm@farm.test>',
    });
    [demo, demo2] = await Promise.all([env.login('demo'), env.login('demo2')]);
    station = await env.db
      .selectFrom('devices')
      .select(['id', 'serial', 'group_id'])
      .where('serial', '=', 'DF-WS-0001')
      .executeTakeFirstOrThrow()
      .then((d) => {
        park = d.group_id as number;
        return d;
      });
    const c = await env.post<{ id: number }>(`${A}/addAlarmContact`, demo, {
      name: '测试值班',
      email: 'ops@farm.test',
      webhookUrl: hook.url('/wecom'),
      webhookType: 'wecom',
      groupIds: [park],
    });
    expect(c.code, c.msg).toBe(0);
    contactId = c.data.id;
  });
  afterAll(async () => {
    await env?.close();
    await smtp?.close();
    await hook?.close();
  });

  it('refuses bad rules with a message naming the field, and changes nothing', async () => {
    const before = await env.db.selectFrom('rules').select('id').execute();
    const base = { groupId: park, name: 'x', deviceId: station.id, severity: 'warning' };
    const cases: [object, RegExp][] = [
      [
        { ...base, severity: undefined, condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 1 } },
        /^severity/,
      ],
      [{ ...base, condition: { kind: 'threshold', key: 'airTemp', op: 'above' } }, /^condition\.value/],
      [{ ...base, condition: { kind: 'threshold', key: 'soilPh', op: 'above', value: 1 } }, /^condition\.key/],
      [{ ...base, condition: { kind: 'offline', forMs: 1000 } }, /^condition\.forMs/],
      [{ ...base, condition: { kind: 'offline', forMs: MIN }, contactIds: [99999] }, /^contactIds/],
      [
        { ...base, condition: { kind: 'offline', forMs: MIN }, quietHours: [{ start: '25:00', end: '01:00' }] },
        /^quietHours\.0\.start/,
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await env.post(`${A}/addAlarmRule`, demo, body);
      expect(res.code, JSON.stringify(body)).toBe(Code.VALIDATION);
      expect(res.msg).toMatch(msg);
    }
    expect(await env.db.selectFrom('rules').select('id').execute()).toEqual(before);
  });

  it('accepts a form-encoded rule (JSON text for objects, lists as commas)', async () => {
    const res = await env.post<AlarmRule>(
      `${A}/addAlarmRule`,
      demo,
      {
        groupId: String(park),
        name: '表单规则',
        deviceClass: 'soilStation',
        condition: JSON.stringify({ kind: 'threshold', key: 'soilMoisture20', op: 'between', low: 10, high: 20 }),
        severity: 'info',
        contactIds: String(contactId),
        channels: 'email,webhook',
        repeatMinutes: '5',
        enabled: 'false',
      },
      true,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ deviceClass: 'soilStation', channels: ['email', 'webhook'], enabled: false });
    expect((await env.post(`${A}/removeAlarmRule`, demo, { id: [res.data.id] })).code).toBe(0);
  });

  it('raises on the crossing reading, mails and posts to the bot, repeats until acknowledged, clears with hysteresis', async () => {
    const added = await env.post<AlarmRule>(`${A}/addAlarmRule`, demo, {
      groupId: park,
      name: '测试高温',
      deviceId: station.id,
      condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 30, hysteresis: 2 },
      severity: 'warning',
      contactIds: [contactId],
      channels: ['email', 'webhook'],
      repeatMinutes: 1,
    });
    expect(added.code, added.msg).toBe(0);
    const ruleId = added.data.id;
    const t0 = Date.now();

    await send(station.serial, t0, { airTemp: 29 });
    await settle();
    expect(await openAlarmOf(ruleId)).toBeUndefined();

    await send(station.serial, t0 + 1000, { airTemp: 31.5 });
    await settle();
    const raised = await openAlarmOf(ruleId);
    expect(raised).toMatchObject({ state: 'active', value: 31.5, device_serial: 'DF-WS-0001' });
    expect(raised!.raised_at - (t0 + 1000)).toBeLessThan(5000);

    await env.alarms.tick();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to).toEqual(['ops@farm.test']);
    expect(mailText(smtp.mails[0].raw)).toContain('DF-WS-0001');
    expect(hook.posts.at(-1)).toMatchObject({ path: '/wecom', body: { msgtype: 'markdown' } });
    expect((hook.posts.at(-1)!.body as { markdown: { content: string } }).markdown.content).toContain('31.5');
    let d = await detail(raised!.id);
    expect(d.deliveries.map((x) => [x.channel, x.event, x.state])).toEqual([
      ['console', 'raised', 'sent'],
      ['email', 'raised', 'sent'],
      ['webhook', 'raised', 'sent'],
    ]);

    // a period later, nobody acknowledged: it repeats
    await env.db
      .updateTable('alarms')
      .set({ last_notified_at: Date.now() - MIN - 1 })
      .where('id', '=', raised!.id)
      .execute();
    await env.alarms.tick();
    expect(smtp.mails).toHaveLength(2);
    d = await detail(raised!.id);
    expect(d.notifyCount).toBe(2);
    expect(d.deliveries.filter((x) => x.event === 'repeat').map((x) => x.state)).toEqual(['sent', 'sent', 'sent']);

    // acknowledged: repeats stop
    const ack = await env.post(`${A}/ackAlarm`, demo, { id: [raised!.id], comment: '已开启风机' });
    expect(ack.code, ack.msg).toBe(0);
    await env.db
      .updateTable('alarms')
      .set({ last_notified_at: Date.now() - 5 * MIN })
      .where('id', '=', raised!.id)
      .execute();
    await env.alarms.tick();
    expect(smtp.mails).toHaveLength(2);
    d = await detail(raised!.id);
    expect(d).toMatchObject({ state: 'acknowledged', ackedBy: '示范农场管理员', ackComment: '已开启风机' });
    expect((await env.post(`${A}/ackAlarm`, demo, { id: [raised!.id], comment: '' })).code).toBe(Code.CONFLICT);

    // back under the limit but within the hysteresis: still open; past it: cleared
    await send(station.serial, t0 + 2000, { airTemp: 29 });
    await settle();
    expect((await detail(raised!.id)).state).toBe('acknowledged');
    await send(station.serial, t0 + 3000, { airTemp: 27.9 });
    await settle();
    await env.alarms.tick();
    d = await detail(raised!.id);
    expect(d).toMatchObject({ state: 'cleared', clearedValue: 27.9 });
    expect(d.deliveries.filter((x) => x.event === 'cleared').map((x) => [x.channel, x.state])).toEqual([
      ['console', 'sent'],
      ['email', 'sent'],
      ['webhook', 'sent'],
    ]);
    expect(smtp.mails).toHaveLength(3);

    // crossing again is a new alarm: one open alarm per rule and device at a time
    await send(station.serial, t0 + 4000, { airTemp: 33 });
    await send(station.serial, t0 + 5000, { airTemp: 34 });
    await settle();
    const open = await env.db
      .selectFrom('alarms')
      .select('id')
      .where('rule_id', '=', ruleId)
      .where('state', '!=', 'cleared')
      .execute();
    expect(open).toHaveLength(1);
    expect(open[0].id).not.toBe(raised!.id);

    // records: filters, and the CSV holds what the filter selects
    const list = await env.get<Paged<AlarmRecord>>(`${A}/getAlarmList`, demo, {
      groupId: String(park),
      state: 'cleared',
    });
    expect(list.data.list.map((r) => r.id)).toContain(raised!.id);
    expect(list.data.list.every((r) => r.state === 'cleared')).toBe(true);
    const csv = await env.app.inject({
      method: 'GET',
      url: `${A}/exportAlarmList?state=cleared&groupId=${park}`,
      headers: { AuthToken: demo },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('已开启风机');
    expect(csv.body.trim().split('\n')).toHaveLength(1 + list.data.total);
    const count = await env.get<{ active: number; open: number }>(`${A}/getActiveAlarmCount`, demo, {
      groupId: String(park),
    });
    expect(count.data.active).toBeGreaterThanOrEqual(1);

    // another merchant sees none of it and cannot acknowledge it
    expect((await env.get(`${A}/getAlarmDetail`, demo2, { id: String(open[0].id) })).code).toBe(Code.NOT_FOUND);
    expect((await env.post(`${A}/ackAlarm`, demo2, { id: [open[0].id], comment: 'x' })).code).toBe(Code.NOT_FOUND);
    const other = await env.get<Paged<AlarmRecord>>(`${A}/getAlarmList`, demo2, {});
    expect(other.data.total).toBe(0);
    expect((await detail(open[0].id)).state).toBe('active');

    // removing the rule closes its open alarm
    expect((await env.post(`${A}/removeAlarmRule`, demo, { id: [ruleId] })).code).toBe(0);
    expect((await detail(open[0].id)).state).toBe('cleared');
  });

  it('fires an offline rule once the device has been silent N minutes, and clears when it is heard again', async () => {
    const added = await env.post<AlarmRule>(`${A}/addAlarmRule`, demo, {
      groupId: park,
      name: '测试离线',
      deviceId: station.id,
      condition: { kind: 'offline', forMs: 10 * MIN },
      severity: 'critical',
    });
    expect(added.code, added.msg).toBe(0);
    const silentSince = (ms: number) =>
      env.db
        .updateTable('devices')
        .set({ last_seen_at: Date.now() - ms })
        .where('id', '=', station.id)
        .execute();
    await silentSince(9 * MIN);
    await env.rules.tick();
    expect(await openAlarmOf(added.data.id)).toBeUndefined();
    await silentSince(10 * MIN + 1000);
    await env.rules.tick();
    expect(await openAlarmOf(added.data.id)).toMatchObject({ state: 'active', severity: 'critical', param_key: '' });
    await silentSince(0);
    await env.rules.tick();
    expect(await openAlarmOf(added.data.id)).toMatchObject({ state: 'cleared' });
    await env.post(`${A}/removeAlarmRule`, demo, { id: [added.data.id] });
  });

  it('continues a duration across a restart (state from rule_state)', async () => {
    const added = await env.post<AlarmRule>(`${A}/addAlarmRule`, demo, {
      groupId: park,
      name: '测试重启',
      deviceId: station.id,
      condition: { kind: 'threshold', key: 'airHumidity', op: 'above', value: 90, forMs: 5 * MIN },
      severity: 'info',
    });
    const ruleId = added.data.id;
    const t = Date.now();
    await send(station.serial, t, { airHumidity: 95 });
    await settle();
    const saved = await env.db
      .selectFrom('rule_state')
      .selectAll()
      .where('rule_id', '=', ruleId)
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ pending_since: t, active: 0 });

    // a new process: fresh engine and handler on the same database, 3 then 5 minutes later
    const fired: number[] = [];
    let clock = t + 3 * MIN;
    const restarted = createRuleEngine({
      db: env.db,
      registry: {
        byId: async (id) =>
          id === station.id
            ? {
                deviceId: id,
                serial: station.serial,
                merchantId: 0,
                groupId: park,
                deviceClass: 'weatherStation',
                model: '',
                name: '',
              }
            : undefined,
      },
      tz: 'Asia/Shanghai',
      now: () => clock,
    });
    restarted.register('alarm', { onTransition: async (tr) => void fired.push(tr.at) });
    await restarted.refresh();
    await restarted.tick();
    expect(fired).toEqual([]);
    clock = t + 5 * MIN;
    await restarted.tick();
    expect(fired).toEqual([t + 5 * MIN]);
    await env.post(`${A}/removeAlarmRule`, demo, { id: [ruleId] });
  });

  it('holds non-critical notifications during quiet hours; critical ones go at once', async () => {
    const allDay = [{ start: '00:00', end: '23:59' }];
    const rule = (name: string, severity: string) =>
      env.post<AlarmRule>(`${A}/addAlarmRule`, demo, {
        groupId: park,
        name,
        deviceId: station.id,
        condition: { kind: 'threshold', key: 'windSpeed', op: 'above', value: 10 },
        severity,
        contactIds: [contactId],
        channels: ['email'],
        quietHours: allDay,
      });
    const quiet = await rule('测试免打扰', 'warning');
    const loud = await rule('测试严重', 'critical');
    await send(station.serial, Date.now(), { windSpeed: 12 });
    await settle();
    const q = await detail((await openAlarmOf(quiet.data.id))!.id);
    const l = await detail((await openAlarmOf(loud.data.id))!.id);
    expect(q.deliveries.map((x) => [x.channel, x.state])).toEqual([
      ['console', 'sent'],
      ['email', 'held'],
    ]);
    expect(q.deliveries[1].nextAt).toBeGreaterThan(Date.now());
    expect(l.deliveries.map((x) => [x.channel, x.state])).toEqual([
      ['console', 'sent'],
      ['email', 'pending'],
    ]);
    await env.post(`${A}/removeAlarmRule`, demo, { id: [quiet.data.id, loud.data.id] });
  });

  it('retries a failing webhook with exponential backoff, never calls it sent before it is, and gives up as failed', async () => {
    const alarm = await env.db.selectFrom('alarms').select('id').orderBy('id').executeTakeFirstOrThrow();
    let clock = Date.now();
    const base = 1000;
    const outbox = createOutbox({
      db: env.db,
      channels: createChannels(env.config),
      now: () => clock,
      retryBaseMs: base,
    });
    const row = (target: string, channel = 'webhook') => ({
      alarm_id: alarm.id,
      contact_id: contactId,
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
    await env.db.deleteFrom('alarm_deliveries').where('state', 'in', ['pending', 'held', 'retrying']).execute();
    const { id: flaky } = await env.db
      .insertInto('alarm_deliveries')
      .values(row(hook.url('/flaky')))
      .returning('id')
      .executeTakeFirstOrThrow();
    const state = async (id: number) =>
      env.db.selectFrom('alarm_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    hook.statuses.push(500, 503);
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
    expect(hook.posts.at(-1)).toMatchObject({ path: '/flaky' });

    // nobody listens: failed after MAX_ATTEMPTS; SMS without a gateway fails at once
    const { id: dead } = await env.db
      .insertInto('alarm_deliveries')
      .values(row('http://127.0.0.1:9/none'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: sms } = await env.db
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

  it('uses the DingTalk and plain formats', async () => {
    const lifecycle = createAlarmLifecycle({ db: env.db, publish: async () => {}, tz: 'Asia/Shanghai' });
    expect(lifecycle).toBeTruthy();
    const { webhookBody } = await import('./channels');
    const m = { subject: 'S', text: 'S\nL', markdown: '### S\n> L', data: { alarmId: 1 } };
    expect(webhookBody('dingtalk', m)).toEqual({ msgtype: 'markdown', markdown: { title: 'S', text: '### S\n> L' } });
    expect(webhookBody('plain', m)).toEqual({ subject: 'S', text: 'S\nL', alarmId: 1 });
  });

  it('lists enabled notices of today for any signed-in user, per merchant', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const add = (title: string, startDate: string, endDate: string, enabled = true) =>
      env.post<{ id: number }>('/api/merchant/notice/addNotice', demo, {
        title,
        body: '',
        startDate,
        endDate,
        enabled,
      });
    await add('过期公告', '2020-01-01', '2020-01-02');
    await add('停用公告', '2020-01-01', '2099-01-01', false);
    expect((await add('倒序日期', '2026-02-01', '2026-01-01')).msg).toMatch(/^endDate/);
    const operator = await env.login('operator');
    const list = await env.get<Notice[]>('/api/merchant/notice/getEnableNoticeList', operator);
    expect(list.code).toBe(0);
    expect(list.data.map((n) => n.title)).toEqual(['春季病虫害统防统治通知']);
    expect(list.data[0].startDate <= today && today <= list.data[0].endDate).toBe(true);
    expect((await env.get<Notice[]>('/api/merchant/notice/getEnableNoticeList', demo2)).data).toEqual([]);
    expect(
      (await env.post('/api/merchant/notice/addNotice', operator, { title: 'x', startDate: today, endDate: today }))
        .code,
    ).toBe(Code.PERMISSION_DENIED);
  });
});
