import { type AlarmRule, Code } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { A, alarmFixture, MIN } from '../../test/alarmFixture';
import { provision, uniqueSerial } from '../../test/devices';
import { engines } from '../../test/harness';
import { createFlowAlarms, FLOW_GRACE_MS } from './flowAlarms';
import { manualRun } from './testFixture';

const HOUR = 3_600_000;

/**
 * Issue 26, point 4: each zone learns its usual flow from its finished runs; a run whose mean flow is off by more
 * than the rule's share (a clogged line: half the flow) raises an alarm of the rule with the run and its numbers,
 * which reaches the rule's contacts; a later run back within the share clears it. A run with its valve open and
 * no flow, and flow with every valve closed, raise their own alarms. The readings are stored as ingest stores
 * them and the clock is moved, as in trapAlarms.test.ts (the alarm fixture makes its own environment per engine).
 */
describe.each(engines)('zone flow off its usual [%s]', (engine) => {
  const fx = alarmFixture(engine);

  const ruleBody = (target: object, condition: object = {}) => ({
    name: '管道流量',
    groupId: fx.park,
    ...target,
    condition: { kind: 'zoneFlow', ...condition },
    severity: 'warning',
    contactIds: [fx.contactId],
    channels: ['email'],
  });

  it('refuses a machine without a flow meter or a device that is no irrigation machine, in both languages', async () => {
    const call = fx.addRuleIn;
    const valves = await call('en', ruleBody({ deviceClass: 'irrigationController' }));
    expect(valves.code, valves.msg).toBe(Code.VALIDATION);
    expect((valves.data as { field: string }[]).map((d) => d.field)).toEqual(['deviceClass']);
    expect(valves.msg).toContain('a flow rule watches an irrigation machine with a flow meter');
    const station = await call('zh-CN', ruleBody({ deviceId: fx.station.id }));
    expect((station.data as { field: string }[]).map((d) => d.field)).toEqual(['deviceId']);
    expect(station.msg).toContain('流量规则只能用于带流量计的灌溉设备');
    const share = await call('en', ruleBody({ deviceClass: 'waterFertilizer' }, { deviationPct: 95 }));
    expect((share.data as { field: string }[]).map((d) => d.field)).toEqual(['condition.deviationPct']);
    expect(await fx.env.db.selectFrom('rules').select('id').where('name', '=', '管道流量').execute()).toEqual([]);
  });

  it('a clogged line raises its flow alarm with the run and its numbers, and clears when the flow is back', async () => {
    const { env } = fx;
    const machine = (
      await provision(env, fx.demo, { serial: uniqueSerial('FA-WF'), deviceClass: 'waterFertilizer', groupId: fx.park })
    ).deviceId;
    const rule = await env.post<AlarmRule>(`${A}/addAlarmRule`, fx.demo, ruleBody({ deviceId: machine }));
    expect(rule.code, rule.msg).toBe(0);
    expect(rule.data.condition).toEqual({ kind: 'zoneFlow', deviationPct: 30, minRuns: 3 });
    const ruleId = rule.data.id;

    // runs a month ago (so their notifications are due when the outbox runs), one an hour
    const base = Math.floor(Date.now() / HOUR) * HOUR - 30 * 24 * HOUR;
    let clock = base;
    const job = createFlowAlarms({ db: env.db, lifecycle: env.alarms.lifecycle, now: () => clock });
    const readings = async (from: number, to: number, values: Record<string, number>) => {
      const rows = [];
      for (let ts = from; ts <= to; ts += MIN)
        for (const [key, value] of Object.entries(values)) rows.push({ device_id: machine, key, ts, value });
      await env.db.insertInto('telemetry').values(rows).execute();
    };
    const run = async (hour: number, zones: number[], flow: number, pressure: number) => {
      const started = base + hour * HOUR;
      const ended = started + 20 * MIN;
      const row = manualRun({
        merchant_id: env.ids.merchant.farm,
        group_id: fx.park,
        device_id: machine,
        device_class: 'waterFertilizer',
        state: 'done',
        zones: JSON.stringify(zones),
        created_at: started,
        started_at: started,
        ended_at: ended,
      });
      const { id } = await env.db.insertInto('irrigation_runs').values(row).returning('id').executeTakeFirstOrThrow();
      // the pipe fills in the first minute: those readings are not the run's flow
      await readings(started, started + MIN, { flow: 0.3, pressure: 0.1 });
      await readings(started + FLOW_GRACE_MS, ended, { flow, pressure });
      clock = ended + 5 * MIN;
      await job.tick();
      return id;
    };
    const alarmsOf = () =>
      env.db.selectFrom('alarms').selectAll().where('rule_id', '=', ruleId).orderBy('id').execute();

    // three runs of zone 3 teach it its usual 2.4 m³/h; zone 1 runs at 3 m³/h
    for (const [hour, flow] of [
      [0, 2.4],
      [1, 2.5],
      [2, 2.3],
    ])
      await run(hour, [3], flow, 0.32);
    for (const hour of [3, 4, 5, 6]) await run(hour, [1], 3, 0.3);
    await run(7, [3], 2.2, 0.32); // within 30 % of its usual
    expect(await alarmsOf()).toEqual([]);

    // the line clogs: half the flow, the pressure up
    const clogged = await run(8, [3], 1.2, 0.36);
    const alarms = await alarmsOf();
    expect(alarms).toHaveLength(1);
    const raised = alarms[0];
    expect(raised).toMatchObject({
      device_id: machine,
      param_key: 'flow',
      value: 1.2,
      state: 'active',
      severity: 'warning',
      open_key: `${ruleId}:d${machine}:z3`,
    });
    const flow = {
      finding: 'low',
      runId: clogged,
      zones: [3],
      flow: 1.2,
      usualFlow: 2.35,
      pressure: 0.36,
      usualPressure: 0.32,
      offPct: -49,
    };
    expect((await fx.detail(raised.id)).condition).toEqual({ kind: 'zoneFlow', deviationPct: 30, minRuns: 3, flow });
    const deliveries = await fx.deliveriesOf(raised.id);
    expect(deliveries.map((d) => [d.channel, d.event])).toEqual([
      ['console', 'raised'],
      ['email', 'raised'],
    ]);
    expect(deliveries[1].body).toContain(
      `任务 #${clogged} 分区 3 流量偏低（疑似堵塞）：平均 1.2 m³/h，通常 2.35 m³/h（-49%）；压力 0.36 MPa，通常 0.32 MPa`,
    );
    await env.alarms.tick();
    expect(fx.smtp.mails.at(-1)?.to).toEqual(['ops@farm.test']);

    // clogged again: the same alarm (a clogged run does not teach the zone that clogged is usual); zone 1 is fine
    await run(9, [3], 1.1, 0.36);
    await run(10, [1], 3.1, 0.3);
    expect((await alarmsOf()).map((a) => [a.id, a.state])).toEqual([[raised.id, 'active']]);

    // the line is flushed: back within the share, the alarm clears
    await run(11, [3], 2.4, 0.32);
    const [cleared, ...none] = await alarmsOf();
    expect(none).toEqual([]);
    expect(cleared).toMatchObject({ id: raised.id, state: 'cleared', cleared_value: 2.4, open_key: null });
    expect((await fx.deliveriesOf(raised.id)).filter((d) => d.event === 'cleared')).toHaveLength(2);

    // a line that clogs a little more each run (6 % of its first flow): measured against the runs before it began,
    // not against the clogged runs, it raises its alarm once it has lost more than 30 %
    const raisedAt: number[] = [];
    for (let k = 0; k < 10; k++) {
      await run(20 + k, [5], Math.round(200 * (1 - 0.06 * k)) / 100, 0.3);
      if ((await alarmsOf()).some((a) => a.open_key === `${ruleId}:d${machine}:z5`)) raisedAt.push(k);
    }
    expect(raisedAt[0]).toBe(8);
    const slow = (await alarmsOf()).find((a) => a.open_key === `${ruleId}:d${machine}:z5`);
    expect((await fx.detail(slow?.id as number)).condition).toMatchObject({
      flow: { finding: 'low', flow: 1.04, usualFlow: 1.58, offPct: -34 }, // as it was raised
    });

    // a burst: far more than usual
    const burst = await run(40, [1], 4.5, 0.2);
    const high = (await alarmsOf()).at(-1);
    expect(high).toMatchObject({ state: 'active', open_key: `${ruleId}:d${machine}:z1`, value: 4.5 });
    expect((await fx.detail(high?.id as number)).condition).toMatchObject({
      flow: { finding: 'high', runId: burst, usualFlow: 3, offPct: 50 },
    });
  });

  it('no flow while a run has a valve open, and flow while every valve is closed, raise their own alarms', async () => {
    const { env } = fx;
    const machine = (
      await provision(env, fx.demo, { serial: uniqueSerial('FA-SI'), deviceClass: 'smartIrrigation', groupId: fx.park })
    ).deviceId;
    const rule = await env.post<AlarmRule>(`${A}/addAlarmRule`, fx.demo, ruleBody({ deviceClass: 'smartIrrigation' }));
    expect(rule.code, rule.msg).toBe(0);
    const base = Math.floor(Date.now() / HOUR) * HOUR - 20 * 24 * HOUR;
    let clock = base;
    const job = createFlowAlarms({ db: env.db, lifecycle: env.alarms.lifecycle, now: () => clock });
    const open = (key: string) =>
      env.db
        .selectFrom('alarms')
        .selectAll()
        .where('open_key', '=', `${rule.data.id}:d${machine}:${key}`)
        .executeTakeFirst();
    const reading = async (ts: number, values: Record<string, number>) => {
      for (const [key, value] of Object.entries(values)) {
        await env.db.insertInto('telemetry').values({ device_id: machine, key, ts, value }).execute();
        await env.db.deleteFrom('device_latest').where('device_id', '=', machine).where('key', '=', key).execute();
        await env.db
          .insertInto('device_latest')
          .values({ device_id: machine, key, ts, value, prev_value: null, prev_ts: null })
          .execute();
      }
    };

    const { id: runId } = await env.db
      .insertInto('irrigation_runs')
      .values(
        manualRun({
          merchant_id: env.ids.merchant.farm,
          group_id: fx.park,
          device_id: machine,
          device_class: 'smartIrrigation',
          state: 'running',
          zones: '[2]',
          created_at: base,
          started_at: base,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await reading(base + MIN, { flow: 0, valve2: 1 });
    clock = base + MIN;
    await job.judge();
    expect(await open('noflow')).toBeUndefined(); // the pipe may still be filling
    await reading(base + 4 * MIN, { flow: 0, valve2: 1 });
    clock = base + 5 * MIN;
    await job.judge();
    const noFlow = await open('noflow');
    expect(noFlow).toMatchObject({ state: 'active', value: 0 });
    const detail = await fx.detail(noFlow?.id as number);
    expect(detail.condition).toMatchObject({ flow: { finding: 'noFlow', runId, zones: [2] } });
    expect((await fx.deliveriesOf(noFlow?.id as number))[1].body).toContain(`任务 #${runId} 分区 2 阀门已开但无流量`);

    // the run ends; the valves close, yet the meter goes on counting: a leak past the valves
    await env.db
      .updateTable('irrigation_runs')
      .set({ state: 'stopped', ended_at: base + 6 * MIN })
      .where('id', '=', runId)
      .execute();
    await reading(base + 10 * MIN, { flow: 0.8, valve2: 0 });
    clock = base + 11 * MIN;
    await job.judge();
    expect(await open('noflow')).toBeUndefined();
    const closed = await open('closed');
    expect(closed).toMatchObject({ state: 'active', value: 0.8 });
    expect((await fx.deliveriesOf(closed?.id as number))[1].body).toContain('阀门全部关闭时仍有流量 0.8 m³/h');
    await reading(base + 12 * MIN, { flow: 0, valve2: 0 });
    clock = base + 13 * MIN;
    await job.judge();
    expect(await open('closed')).toBeUndefined();
  });
});
