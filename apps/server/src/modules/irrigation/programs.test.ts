import type { SmartRule } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { API, hhmmIn, irrigationFixture, irrigationRig, quickPump, runOf, until } from './testFixture';

describeEachEngine('irrigation programs', (env) => {
  const fx = irrigationFixture(env);

  it('programs: a due slot starts one run, never two; a slot the server slept through is missed; a busy machine refuses', async () => {
    let offset = 0;
    const { irr } = irrigationRig(env(), () => Date.now() + offset);
    await quickPump(env(), fx.demo, fx.machines.wf.deviceId);
    const hhmm = (ts: number) => hhmmIn(env().config.tzName, ts);
    const nextMinute = Math.ceil(Date.now() / 60_000) * 60_000;
    const program = await irr.programs.save(fx.auth, {
      deviceId: fx.machines.wf.deviceId,
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
    let [p] = (await irr.programs.list(fx.auth, fx.park)).filter((x) => x.programId === program.programId);
    expect(p.lastSlots).toHaveLength(1);
    expect(p.lastSlots[0]).toMatchObject({ slotAt: nextMinute, outcome: 'started' });
    const runId = p.lastSlots[0].runId as number;
    const run = await runOf(env(), runId);
    expect(run).toMatchObject({ trigger: 'program', triggerRef: String(program.programId), durationMin: 0.1 });

    // While that run is on, a second program's slot is refused with the reason.
    const other = await irr.programs.save(fx.auth, {
      deviceId: fx.machines.wf.deviceId,
      name: 'overlap',
      startTimes: [hhmm(nextMinute + 60_000)],
      days: [1, 2, 3, 4, 5, 6, 7],
      zones: [3],
      durationMin: 1,
      enabled: true,
    });
    offset = nextMinute + 65_000 - Date.now();
    await irr.programs.tick();
    [p] = (await irr.programs.list(fx.auth, fx.park)).filter((x) => x.programId === other.programId);
    const slot = p.lastSlots[0];
    if (slot.outcome === 'refused') expect(slot.detail).toContain(`run #${runId}`);
    else expect(slot.outcome).toBe('started'); // the 6 s run may already have finished

    // The server "sleeps" through the next day's slot: recorded as missed, not run late.
    offset = nextMinute + 86_400_000 + 10 * 60_000 - Date.now();
    await irr.programs.tick();
    [p] = (await irr.programs.list(fx.auth, fx.park)).filter((x) => x.programId === program.programId);
    expect(p.lastSlots[0]).toMatchObject({ slotAt: nextMinute + 86_400_000, outcome: 'missed', runId: null });
    await irr.programs.remove(fx.auth, [program.programId, other.programId]);
    // The run began on the moved clock, so the readings that would end it lie in the real clock's future:
    // stop it (the stop ends at the machine's acknowledgement) instead of waiting for real time to catch up.
    offset = 0;
    const started = [runId, ...(slot.outcome === 'started' ? [slot.runId as number] : [])];
    for (const id of started) {
      const stopped = await env().post(`${API}/stopRun`, fx.demo, { runId: id });
      if (stopped.code !== 0) expect((await runOf(env(), id)).state).not.toBe('running');
      await until(env(), id, ['done', 'stopped', 'failed']);
    }
  });

  it('writes program and smart-rule changes and refused stops to the system log, with operator and outcome', async () => {
    const program = {
      deviceId: fx.machines.wf.deviceId,
      name: 'log check',
      startTimes: ['03:00'],
      days: [1],
      zones: [1],
      durationMin: 5,
    };
    const added = await env().post<{ programId: number }>(`${API}/addProgram`, fx.demo, program);
    expect(added.code, added.msg).toBe(0);
    const id = added.data.programId;
    expect((await env().post(`${API}/alterProgram`, fx.demo, { ...program, programId: id, days: [2] })).code).toBe(0);
    expect((await env().post(`${API}/removeProgram`, fx.demo, { ids: [id] })).code).toBe(0);
    const rule = await env().post<SmartRule>(`${API}/addSmartRule`, fx.demo, {
      name: 'log check',
      machineId: fx.machines.si.deviceId,
      zones: [3],
      sensorId: fx.sensorId,
      sensorKey: 'soilMoisture20',
      startBelow: 5,
      stopAbove: 8,
      maxDurationMin: 5,
      enabled: false,
    });
    expect(rule.code, rule.msg).toBe(0);
    expect((await env().post(`${API}/removeSmartRule`, fx.demo, { ids: [rule.data.ruleId] })).code).toBe(0);
    const refused = await env().post(`${API}/stopRun`, fx.demo, { runId: 987654 });
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
});
