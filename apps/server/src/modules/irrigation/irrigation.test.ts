import type { IrrigationRun, SmartDecision, SmartRule } from '@farmpark/contracts';
import type { VirtualDevice } from '@farmpark/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRuleEngine } from '../../rules/engine';
import { describeEachEngine, type TestEnv } from '../../test/harness';
import type { AuthContext } from '../auth/sessions';
import { resolveSession } from '../auth/sessions';
import { listen, provision, simDevice, uniqueSerial, waitFor } from '../devices/testing';
import { toRun } from './runs';
import { createIrrigation } from './runtime';

const API = '/api/merchant/irrigation';

describeEachEngine('irrigation', (env) => {
  let demo: string;
  let auth: AuthContext;
  let park: number;
  let tcpUrl: string;
  const stop: (() => Promise<unknown>)[] = [];
  const machines: Record<'wf' | 'si' | 'ic', { deviceId: number; device: VirtualDevice }> = {} as never;
  let sensorId: number;
  let stationId: number;

  async function machine(cls: 'waterFertilizer' | 'smartIrrigation' | 'irrigationController') {
    const serial = uniqueSerial(`IR-${cls.slice(0, 4)}`);
    const p = await provision(env(), demo, { serial, deviceClass: cls, groupId: park, reportIntervalMs: 1_000 });
    const device = await simDevice(tcpUrl, { serial, secret: p.secret, deviceClass: cls }, 500);
    stop.push(() => device.stop());
    await waitFor(`${cls} online with readings`, async () => {
      const r = await env().db.selectFrom('device_latest').select('key').where('device_id', '=', p.deviceId).execute();
      return r.some((k) => k.key === 'totalWater');
    });
    return { deviceId: p.deviceId, device };
  }

  beforeAll(async () => {
    ({ tcpUrl } = await listen(env()));
    demo = await env().login('demo');
    auth = await resolveSession(env().db, demo);
    park = env().ids.parks.farm[1];
    machines.wf = await machine('waterFertilizer');
    machines.si = await machine('smartIrrigation');
    machines.ic = await machine('irrigationController');
    sensorId = (
      await provision(env(), demo, { serial: uniqueSerial('IR-SOIL'), deviceClass: 'soilStation', groupId: park })
    ).deviceId;
    stationId = (
      await provision(env(), demo, { serial: uniqueSerial('IR-WS'), deviceClass: 'weatherStation', groupId: park })
    ).deviceId;
  }, 30_000);
  afterAll(async () => {
    for (const s of stop.reverse()) await s();
  });

  // Straight from the database: polling the API this often would hit its rate limit (1604).
  const runOf = async (runId: number) =>
    toRun(await env().db.selectFrom('irrigation_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow());
  const pause = () => new Promise((r) => setTimeout(r, 200));
  /** Ticks the app's rule job until the run reaches `state`. */
  const until = (e: TestEnv, runId: number, states: string[], ms = 8_000) =>
    waitFor(
      `run ${runId} ${states.join('/')}`,
      async () => {
        await pause();
        await e.rules.tick();
        const r = await runOf(runId);
        return states.includes(r.state) ? r : undefined;
      },
      ms,
    );

  it('runs from a manual start with a recipe to a stop: water and fertiliser measured, every command recorded', async () => {
    const res = await env().post<IrrigationRun>(`${API}/startRun`, demo, {
      deviceId: machines.wf.deviceId,
      zones: [2, 1],
      durationMin: 30,
      recipe: { tanks: { tank1: 40, tank2: 40 } },
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ state: 'starting', zones: [2, 1], trigger: 'manual', operator: 'demo' });
    const runId = res.data.runId;
    await until(env(), runId, ['running']);

    const busy = await env().post(`${API}/startRun`, demo, {
      deviceId: machines.wf.deviceId,
      zones: [3],
      durationMin: 5,
    });
    expect(busy.code).toBe(1006);
    expect(busy.msg).toContain(`run #${runId}`);

    // Let water flow for a few readings, then stop.
    await waitFor(
      'water flowing',
      async () => {
        await pause();
        await env().rules.tick();
        return ((await runOf(runId)).waterM3 ?? 0) > 0.001;
      },
      8_000,
    );
    const stopped = await env().post<IrrigationRun>(`${API}/stopRun`, demo, { runId });
    expect(stopped.code, stopped.msg).toBe(0);
    expect(stopped.data.state).toBe('stopping');
    // The machine flushes clean water for 30 s before it is idle.
    const done = await until(env(), runId, ['stopped', 'failed'], 45_000);
    expect(done.state).toBe('stopped');
    expect(done).toMatchObject({ endCode: 'stopRequested', stopReason: 'operator', reason: '' });
    expect(done.waterM3).toBeGreaterThan(0);
    expect(done.fertiliser.map((f) => f.tank).sort()).toEqual(['tank1', 'tank2']);
    expect(done.fertiliser.every((f) => f.litres > 0)).toBe(true);

    const listed = await env().get<{ list: IrrigationRun[] }>(`${API}/getRunList`, demo, {
      deviceId: String(machines.wf.deviceId),
    });
    expect(listed.data.list.find((r) => r.runId === runId)).toEqual(done);
    const cmds = await env()
      .db.selectFrom('commands')
      .select(['name', 'state', 'login_name'])
      .where('device_id', '=', machines.wf.deviceId)
      .execute();
    expect(cmds).toEqual(
      expect.arrayContaining([
        { name: 'startIrrigation', state: 'succeeded', login_name: 'demo' },
        { name: 'stopIrrigation', state: 'succeeded', login_name: 'demo' },
      ]),
    );
    const logged = await env()
      .db.selectFrom('system_log')
      .select(['action', 'target_type', 'target_id', 'login_name', 'result'])
      .where('action', 'in', ['irrigation.start', 'irrigation.stop'])
      .where('target_id', '=', String(runId))
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      {
        action: 'irrigation.start',
        target_type: 'irrigationRun',
        target_id: String(runId),
        login_name: 'demo',
        result: 'ok',
      },
      {
        action: 'irrigation.stop',
        target_type: 'irrigationRun',
        target_id: String(runId),
        login_name: 'demo',
        result: 'ok',
      },
    ]);
  }, 70_000);

  it('writes program and smart-rule changes and refused stops to the system log, with operator and outcome', async () => {
    const program = {
      deviceId: machines.wf.deviceId,
      name: 'log check',
      startTimes: ['03:00'],
      days: [1],
      zones: [1],
      durationMin: 5,
    };
    const added = await env().post<{ programId: number }>(`${API}/addProgram`, demo, program);
    expect(added.code, added.msg).toBe(0);
    const id = added.data.programId;
    expect((await env().post(`${API}/alterProgram`, demo, { ...program, programId: id, days: [2] })).code).toBe(0);
    expect((await env().post(`${API}/removeProgram`, demo, { ids: [id] })).code).toBe(0);
    const rule = await env().post<SmartRule>(`${API}/addSmartRule`, demo, {
      name: 'log check',
      machineId: machines.si.deviceId,
      zones: [3],
      sensorId,
      sensorKey: 'soilMoisture20',
      startBelow: 5,
      stopAbove: 8,
      maxDurationMin: 5,
      enabled: false,
    });
    expect(rule.code, rule.msg).toBe(0);
    expect((await env().post(`${API}/removeSmartRule`, demo, { ids: [rule.data.ruleId] })).code).toBe(0);
    const refused = await env().post(`${API}/stopRun`, demo, { runId: 987654 });
    expect(refused.code).not.toBe(0);

    const rows = await env()
      .db.selectFrom('system_log')
      .select(['action', 'target_id', 'login_name', 'result', 'result_code'])
      .where('action', 'in', [
        'irrigationProgram.add',
        'irrigationProgram.alter',
        'irrigationProgram.remove',
        'smartRule.add',
        'smartRule.remove',
        'irrigation.stop',
      ])
      .where('target_id', 'in', [String(id), String(rule.data.ruleId), '987654'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, r.target_id, r.login_name, r.result])).toEqual([
      ['irrigationProgram.add', String(id), 'demo', 'ok'],
      ['irrigationProgram.alter', String(id), 'demo', 'ok'],
      ['irrigationProgram.remove', String(id), 'demo', 'ok'],
      ['smartRule.add', String(rule.data.ruleId), 'demo', 'ok'],
      ['smartRule.remove', String(rule.data.ruleId), 'demo', 'ok'],
      ['irrigation.stop', '987654', 'demo', 'fail'],
    ]);
    expect(rows[rows.length - 1].result_code).toBe(refused.code);
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const before = await env().db.selectFrom('irrigation_runs').select('id').execute();
    const over = await env().post(`${API}/startRun`, demo, {
      deviceId: machines.si.deviceId,
      zones: [9],
      durationMin: 5,
    });
    expect(over.code).toBe(1001);
    expect(over.msg).toContain('zones');
    const both = await env().post(`${API}/startRun`, demo, { deviceId: machines.si.deviceId, zones: [1] });
    expect(both.code).toBe(1001);
    expect(both.msg).toContain('durationMin');
    const recipe = await env().post(`${API}/startRun`, demo, {
      deviceId: machines.si.deviceId,
      zones: [1],
      durationMin: 5,
      recipe: { ecTarget: 1.5 },
    });
    expect(recipe.code).toBe(1001);
    expect(recipe.msg).toContain('recipe');
    expect(await env().db.selectFrom('irrigation_runs').select('id').execute()).toHaveLength(before.length);
  });

  it('ends a run as failed, never done, when the machine goes silent mid-run', async () => {
    const res = await env().post<IrrigationRun>(`${API}/startRun`, demo, {
      deviceId: machines.ic.deviceId,
      zones: [1, 2],
      durationMin: 30,
    });
    expect(res.code, res.msg).toBe(0);
    await until(env(), res.data.runId, ['running']);
    machines.ic.device.crash();
    const failed = await until(env(), res.data.runId, ['failed', 'done', 'stopped'], 15_000);
    expect(failed.state).toBe('failed');
    expect(['wentOffline', 'silent']).toContain(failed.endCode);
    // the server's finding is a code; the free text is kept for a machine's own words only
    expect(failed.reason).toBe('');
    await machines.ic.device.start();
  }, 30_000);

  it('programs: a due slot starts one run, never two; a slot the server slept through is missed; a busy machine refuses', async () => {
    let offset = 0;
    const engine = createRuleEngine({ db: env().db, registry: env().devices.registry, tz: env().config.tzName });
    const irr = createIrrigation({
      db: env().db,
      commands: env().devices.commands,
      rules: engine,
      tz: env().config.tzName,
      now: () => Date.now() + offset,
    });
    const hhmm = (ts: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: env().config.tzName,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(ts);
    const nextMinute = Math.ceil(Date.now() / 60_000) * 60_000;
    const program = await irr.programs.save(auth, {
      deviceId: machines.wf.deviceId,
      name: 'morning',
      startTimes: [hhmm(nextMinute)],
      days: [1, 2, 3, 4, 5, 6, 7],
      zones: [1, 2],
      durationMin: 0.05,
      enabled: true,
    });
    expect(program.nextAt).toBe(nextMinute);
    offset = nextMinute + 5_000 - Date.now();
    await irr.programs.tick();
    await irr.programs.tick();
    let [p] = (await irr.programs.list(auth, park)).filter((x) => x.programId === program.programId);
    expect(p.lastSlots).toHaveLength(1);
    expect(p.lastSlots[0]).toMatchObject({ slotAt: nextMinute, outcome: 'started' });
    const runId = p.lastSlots[0].runId as number;
    const run = await runOf(runId);
    expect(run).toMatchObject({ trigger: 'program', triggerRef: String(program.programId), durationMin: 0.1 });

    // While that run is on, a second program's slot is refused with the reason.
    const other = await irr.programs.save(auth, {
      deviceId: machines.wf.deviceId,
      name: 'overlap',
      startTimes: [hhmm(nextMinute + 60_000)],
      days: [1, 2, 3, 4, 5, 6, 7],
      zones: [3],
      durationMin: 1,
      enabled: true,
    });
    offset = nextMinute + 65_000 - Date.now();
    await irr.programs.tick();
    [p] = (await irr.programs.list(auth, park)).filter((x) => x.programId === other.programId);
    const slot = p.lastSlots[0];
    if (slot.outcome === 'refused') expect(slot.detail).toContain(`run #${runId}`);
    else expect(slot.outcome).toBe('started'); // the 6 s run may already have finished

    // The server "sleeps" through the next day's slot: recorded as missed, not run late.
    offset = nextMinute + 86_400_000 + 10 * 60_000 - Date.now();
    await irr.programs.tick();
    [p] = (await irr.programs.list(auth, park)).filter((x) => x.programId === program.programId);
    expect(p.lastSlots[0]).toMatchObject({ slotAt: nextMinute + 86_400_000, outcome: 'missed', runId: null });
    await irr.programs.remove(auth, [program.programId, other.programId]);
    offset = 0;
    await until(env(), runId, ['done', 'stopped', 'failed'], 50_000);
  }, 80_000);

  it('smart rule: starts below X, skips for rain and outside its window, stops above Y, also after a restart', async () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    const build = () => {
      const engine = createRuleEngine({ db: env().db, registry: env().devices.registry, tz: env().config.tzName, now });
      const irr = createIrrigation({
        db: env().db,
        commands: env().devices.commands,
        rules: engine,
        tz: env().config.tzName,
        now,
      });
      return { engine, irr };
    };
    let { engine, irr } = build();
    const rule: SmartRule = await irr.smart.save(auth, {
      name: 'zone 1 by soil 20 cm',
      machineId: machines.si.deviceId,
      zones: [1],
      sensorId,
      sensorKey: 'soilMoisture20',
      startBelow: 25,
      stopAbove: 32,
      maxDurationMin: 30,
      restMin: 0,
      windows: [],
      rainMm: 5,
      rainHours: 24,
      enabled: true,
    });
    await engine.refresh();
    const read = async (v: number) => {
      engine.onCommitted({
        deviceIds: [sensorId],
        readings: [{ deviceId: sensorId, ts: now(), values: { soilMoisture20: v } }],
      });
      await engine.idle();
    };
    const decisions = async () =>
      (await irr.smart.decisions(auth, { groupId: park, ruleId: rule.ruleId, pageNum: 1, pageSize: 50 })).list;

    // Rain: 8 mm in the last hours at the park's station.
    await env()
      .db.insertInto('telemetry')
      .values({ device_id: stationId, key: 'rainfall', ts: Date.now() - 3_600_000, value: 8 })
      .execute();
    await read(30);
    await read(22);
    expect((await decisions())[0]).toMatchObject({
      action: 'skipped',
      reason: 'raining',
      moisture: 22,
      rainMm: 8,
      facts: { rainLimitMm: rule.rainMm, rainHours: rule.rainHours },
      detail: '',
    });
    await env().db.deleteFrom('telemetry').where('device_id', '=', stationId).execute();

    // Outside its window: only a window that closed an hour ago.
    const h = (ts: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: env().config.tzName,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(ts);
    await irr.smart.save(auth, {
      ...rule,
      windows: [{ start: h(Date.now() - 2 * 3_600_000), end: h(Date.now() - 3_600_000) }],
    });
    await read(22);
    const window = `${h(Date.now() - 2 * 3_600_000)}-${h(Date.now() - 3_600_000)}`;
    expect((await decisions())[0]).toMatchObject({
      action: 'skipped',
      reason: 'outsideWindow',
      facts: { windows: [window] },
    });

    // Back to always: the pending start goes ahead on the next tick.
    await irr.smart.save(auth, { ...rule, windows: [] });
    await read(21);
    const started = (await decisions())[0];
    expect(started).toMatchObject({
      action: 'started',
      reason: 'belowStart',
      moisture: 21,
      facts: { threshold: rule.startBelow, zones: [1], maxDurationMin: rule.maxDurationMin },
      detail: '',
    });
    const runId = started.runId as number;
    expect(await runOf(runId)).toMatchObject({ trigger: 'smart', triggerRef: String(rule.ruleId), zones: [1] });
    await waitFor('smart run running', async () => {
      await pause();
      await irr.runs.supervise();
      return (await runOf(runId)).state === 'running';
    });

    // Restart in the middle: a new engine and services read the rule state and the run from the database.
    ({ engine, irr } = build());
    await engine.refresh();
    await read(28);
    expect((await runOf(runId)).state).toBe('running');
    await read(33);
    expect((await decisions())[0]).toMatchObject({
      action: 'stopped',
      reason: 'aboveStop',
      moisture: 33,
      facts: { threshold: rule.stopAbove },
    });
    await waitFor('smart run stopped', async () => {
      await pause();
      await irr.runs.supervise();
      return (await runOf(runId)).state === 'stopped';
    });
    const log: SmartDecision[] = await decisions();
    expect(log[0]).toMatchObject({ action: 'stopped', reason: 'aboveStop', runId, detail: '' });
    // the water as measured on the run (a short test run may have moved next to none)
    expect(log[0].facts.waterM3).toBeTypeOf('number');
    expect(log[0].facts.waterM3).toBe((await runOf(runId)).waterM3);
    expect(await runOf(runId)).toMatchObject({ endCode: 'stopRequested', stopReason: 'aboveStop' });

    // Maximum duration: the machine stops itself; the log says so and the rule may start again.
    await irr.smart.save(auth, { ...rule, maxDurationMin: 0.05 });
    await read(20);
    const second = (await decisions())[0];
    expect(second).toMatchObject({ action: 'started' });
    await waitFor(
      'max duration reached',
      async () => {
        await pause();
        await irr.runs.supervise();
        return (await runOf(second.runId as number)).state === 'done';
      },
      15_000,
    );
    expect((await decisions())[0]).toMatchObject({
      action: 'stopped',
      reason: 'maxDuration',
      runId: second.runId,
      facts: { maxDurationMin: 0.05 },
    });
    expect(await runOf(second.runId as number)).toMatchObject({ endCode: null, stopReason: null });
    await irr.smart.remove(auth, [rule.ruleId]);
    offset = 0;
  }, 60_000);
});
