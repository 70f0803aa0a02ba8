import type { AlarmRecord, AlarmRule, Paged } from '@farmpark/contracts';
import { Code } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { createRuleEngine } from '../../rules/engine';
import { A, alarmFixture, MIN } from '../../test/alarmFixture';
import { engines } from '../../test/harness';
import { mailText } from './testReceivers';

describe.each(engines)('alarm lifecycle [%s]', (engine) => {
  const fx = alarmFixture(engine);

  it('raises on the crossing reading, mails and posts to the bot, repeats until acknowledged, clears with hysteresis', async () => {
    const added = await fx.env.post<AlarmRule>(`${A}/addAlarmRule`, fx.demo, {
      groupId: fx.park,
      name: '测试高温',
      deviceId: fx.station.id,
      condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 30, hysteresis: 2 },
      severity: 'warning',
      contactIds: [fx.contactId],
      channels: ['email', 'webhook'],
      repeatMinutes: 1,
    });
    expect(added.code, added.msg).toBe(0);
    const ruleId = added.data.id;
    const t0 = Date.now();

    await fx.send(fx.station.serial, t0, { airTemp: 29 });
    await fx.settle();
    expect(await fx.openAlarmOf(ruleId)).toBeUndefined();

    await fx.send(fx.station.serial, t0 + 1000, { airTemp: 31.5 });
    await fx.settle();
    const raised = await fx.openAlarmOf(ruleId);
    expect(raised).toMatchObject({ state: 'active', value: 31.5, device_serial: 'DF-WS-0001' });
    expect(raised!.raised_at - (t0 + 1000)).toBeLessThan(5000);

    await fx.env.alarms.tick();
    expect(fx.smtp.mails).toHaveLength(1);
    expect(fx.smtp.mails[0].to).toEqual(['ops@farm.test']);
    expect(mailText(fx.smtp.mails[0].raw)).toContain('DF-WS-0001');
    expect(fx.hook.posts.at(-1)).toMatchObject({ path: '/wecom', body: { msgtype: 'markdown' } });
    expect((fx.hook.posts.at(-1)!.body as { markdown: { content: string } }).markdown.content).toContain('31.5');
    let d = await fx.detail(raised!.id);
    expect(d.deliveries.map((x) => [x.channel, x.event, x.state])).toEqual([
      ['console', 'raised', 'sent'],
      ['email', 'raised', 'sent'],
      ['webhook', 'raised', 'sent'],
    ]);

    // a period later, nobody acknowledged: it repeats
    await fx.env.db
      .updateTable('alarms')
      .set({ last_notified_at: Date.now() - MIN - 1 })
      .where('id', '=', raised!.id)
      .execute();
    await fx.env.alarms.tick();
    expect(fx.smtp.mails).toHaveLength(2);
    d = await fx.detail(raised!.id);
    expect(d.notifyCount).toBe(2);
    expect(d.deliveries.filter((x) => x.event === 'repeat').map((x) => x.state)).toEqual(['sent', 'sent', 'sent']);

    // acknowledged: repeats stop
    const ack = await fx.env.post(`${A}/ackAlarm`, fx.demo, { id: [raised!.id], comment: '已开启风机' });
    expect(ack.code, ack.msg).toBe(0);
    await fx.env.db
      .updateTable('alarms')
      .set({ last_notified_at: Date.now() - 5 * MIN })
      .where('id', '=', raised!.id)
      .execute();
    await fx.env.alarms.tick();
    expect(fx.smtp.mails).toHaveLength(2);
    d = await fx.detail(raised!.id);
    expect(d).toMatchObject({ state: 'acknowledged', ackedBy: '示范农场管理员', ackComment: '已开启风机' });
    expect((await fx.env.post(`${A}/ackAlarm`, fx.demo, { id: [raised!.id], comment: '' })).code).toBe(Code.CONFLICT);

    // back under the limit but within the hysteresis: still open; past it: cleared
    await fx.send(fx.station.serial, t0 + 2000, { airTemp: 29 });
    await fx.settle();
    expect((await fx.detail(raised!.id)).state).toBe('acknowledged');
    await fx.send(fx.station.serial, t0 + 3000, { airTemp: 27.9 });
    await fx.settle();
    await fx.env.alarms.tick();
    d = await fx.detail(raised!.id);
    expect(d).toMatchObject({ state: 'cleared', clearedValue: 27.9 });
    expect(d.deliveries.filter((x) => x.event === 'cleared').map((x) => [x.channel, x.state])).toEqual([
      ['console', 'sent'],
      ['email', 'sent'],
      ['webhook', 'sent'],
    ]);
    expect(fx.smtp.mails).toHaveLength(3);

    // crossing again is a new alarm: one open alarm per rule and device at a time
    await fx.send(fx.station.serial, t0 + 4000, { airTemp: 33 });
    await fx.send(fx.station.serial, t0 + 5000, { airTemp: 34 });
    await fx.settle();
    const open = await fx.env.db
      .selectFrom('alarms')
      .select('id')
      .where('rule_id', '=', ruleId)
      .where('state', '!=', 'cleared')
      .execute();
    expect(open).toHaveLength(1);
    expect(open[0].id).not.toBe(raised!.id);

    // records: filters, and the CSV holds what the filter selects
    const list = await fx.env.get<Paged<AlarmRecord>>(`${A}/getAlarmList`, fx.demo, {
      groupId: String(fx.park),
      state: 'cleared',
    });
    expect(list.data.list.map((r) => r.id)).toContain(raised!.id);
    expect(list.data.list.every((r) => r.state === 'cleared')).toBe(true);
    const csv = await fx.env.app.inject({
      method: 'GET',
      url: `${A}/exportAlarmList?state=cleared&groupId=${fx.park}`,
      headers: { AuthToken: fx.demo },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('已开启风机');
    expect(csv.body.trim().split('\n')).toHaveLength(1 + list.data.total);
    const count = await fx.env.get<{ active: number; open: number }>(`${A}/getActiveAlarmCount`, fx.demo, {
      groupId: String(fx.park),
    });
    expect(count.data.active).toBeGreaterThanOrEqual(1);

    // another merchant sees none of it and cannot acknowledge it
    expect((await fx.env.get(`${A}/getAlarmDetail`, fx.demo2, { id: String(open[0].id) })).code).toBe(Code.NOT_FOUND);
    expect((await fx.env.post(`${A}/ackAlarm`, fx.demo2, { id: [open[0].id], comment: 'x' })).code).toBe(
      Code.NOT_FOUND,
    );
    const other = await fx.env.get<Paged<AlarmRecord>>(`${A}/getAlarmList`, fx.demo2, {});
    expect(other.data.total).toBe(0);
    expect((await fx.detail(open[0].id)).state).toBe('active');

    // removing the rule closes its open alarm
    expect((await fx.env.post(`${A}/removeAlarmRule`, fx.demo, { id: [ruleId] })).code).toBe(0);
    expect((await fx.detail(open[0].id)).state).toBe('cleared');
  });

  it('fires an offline rule once the device has been silent N minutes, and clears when it is heard again', async () => {
    const added = await fx.env.post<AlarmRule>(`${A}/addAlarmRule`, fx.demo, {
      groupId: fx.park,
      name: '测试离线',
      deviceId: fx.station.id,
      condition: { kind: 'offline', forMs: 10 * MIN },
      severity: 'critical',
    });
    expect(added.code, added.msg).toBe(0);
    const silentSince = (ms: number) =>
      fx.env.db
        .updateTable('devices')
        .set({ last_seen_at: Date.now() - ms })
        .where('id', '=', fx.station.id)
        .execute();
    await silentSince(9 * MIN);
    await fx.env.rules.tick();
    expect(await fx.openAlarmOf(added.data.id)).toBeUndefined();
    await silentSince(10 * MIN + 1000);
    await fx.env.rules.tick();
    expect(await fx.openAlarmOf(added.data.id)).toMatchObject({ state: 'active', severity: 'critical', param_key: '' });
    await silentSince(0);
    await fx.env.rules.tick();
    expect(await fx.openAlarmOf(added.data.id)).toMatchObject({ state: 'cleared' });
    await fx.env.post(`${A}/removeAlarmRule`, fx.demo, { id: [added.data.id] });
  });

  it('continues a duration across a restart (state from rule_state)', async () => {
    const added = await fx.env.post<AlarmRule>(`${A}/addAlarmRule`, fx.demo, {
      groupId: fx.park,
      name: '测试重启',
      deviceId: fx.station.id,
      condition: { kind: 'threshold', key: 'airHumidity', op: 'above', value: 90, forMs: 5 * MIN },
      severity: 'info',
    });
    const ruleId = added.data.id;
    const t = Date.now();
    await fx.send(fx.station.serial, t, { airHumidity: 95 });
    await fx.settle();
    const saved = await fx.env.db
      .selectFrom('rule_state')
      .selectAll()
      .where('rule_id', '=', ruleId)
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ pending_since: t, active: 0 });

    // a new process: fresh engine and handler on the same database, 3 then 5 minutes later
    const fired: number[] = [];
    let clock = t + 3 * MIN;
    const restarted = createRuleEngine({
      db: fx.env.db,
      registry: {
        byId: async (id) =>
          id === fx.station.id
            ? {
                deviceId: id,
                serial: fx.station.serial,
                merchantId: 0,
                groupId: fx.park,
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
    await fx.env.post(`${A}/removeAlarmRule`, fx.demo, { id: [ruleId] });
  });
});
