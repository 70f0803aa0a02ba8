import { type IrrigationMachine, type MachineSettings, PUMP_DEFAULTS } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { describeEachEngine } from '../../test/harness';
import { API, hhmmIn, irrigationFixture, irrigationRig, manualRun } from './testFixture';

const MIN = 60_000;

describeEachEngine('pump protection', (env) => {
  const fx = irrigationFixture(env);

  /** The controller's settings, as the settings form sends them. */
  const settle = (s: Omit<MachineSettings, 'own'>) =>
    env().post<MachineSettings>(`${API}/alterMachineSettings`, fx.demo, { deviceId: fx.machines.ic.deviceId, ...s });
  /** Runs a machine's pump did, as the run service leaves them: [started, ended] minutes ago (the controller's by default). */
  async function history(runs: [number, number][], machine: 'ic' | 'wf' = 'ic') {
    const at = Date.now();
    const { deviceId } = fx.machines[machine];
    await env().db.deleteFrom('irrigation_runs').where('device_id', '=', deviceId).execute();
    for (const [started, ended] of runs) {
      await env()
        .db.insertInto('irrigation_runs')
        .values(
          manualRun({
            merchant_id: fx.auth.merchantId,
            group_id: fx.park,
            device_id: deviceId,
            device_class: machine === 'ic' ? 'irrigationController' : 'waterFertilizer',
            state: 'done',
            created_at: at - started * MIN,
            started_at: at - started * MIN,
            ended_at: at - ended * MIN,
          }),
        )
        .execute();
    }
    return at;
  }
  const start = (durationMin: number, lang = 'en-US') =>
    env().call({
      method: 'POST',
      url: `${API}/startRun`,
      token: fx.demo,
      headers: { 'accept-language': lang },
      payload: { deviceId: fx.machines.ic.deviceId, zones: [1], durationMin },
    });
  const runCount = async () =>
    (
      await env()
        .db.selectFrom('irrigation_runs')
        .select('id')
        .where('device_id', '=', fx.machines.ic.deviceId)
        .execute()
    ).length;

  it('a pump asked to start too often is refused with the limit named', async () => {
    const saved = await settle({ minRunMin: 0, minRestMin: 0, maxStartsPerHour: 2 });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toEqual({ minRunMin: 0, minRestMin: 0, maxStartsPerHour: 2, own: true });
    // two starts in the last hour, the older 50 minutes ago: the next may start when it leaves the hour
    const at = await history([
      [50, 45],
      [20, 15],
    ]);
    const before = await runCount();
    const en = await start(5);
    expect(en.code).toBe(1006);
    const when = hhmmIn(env().config.tzName, at + 10 * MIN);
    expect(en.msg).toContain('most starts per hour');
    expect(en.msg).toContain('at most 2 times an hour');
    expect(en.msg).toMatch(new RegExp(`may start at ${when} \\(in (10|11) min\\)`));
    const zh = await start(5, 'zh-CN');
    expect(zh.code).toBe(1006);
    expect(zh.msg).toContain('每小时最多启动 2 次（每小时最多启动次数）');
    expect(zh.msg).toContain(`最早 ${when}`);
    // refused before anything was recorded or sent
    expect(await runCount()).toBe(before);
    const sent = await env()
      .db.selectFrom('commands')
      .select('id')
      .where('device_id', '=', fx.machines.ic.deviceId)
      .where('created_at', '>=', at)
      .execute();
    expect(sent).toEqual([]);
  });

  it('refuses a start inside the least rest and one planned shorter than the least run, naming each', async () => {
    await settle({ minRunMin: 3, minRestMin: 10, maxStartsPerHour: 6 });
    const at = await history([[30, 4]]);
    const rest = await start(5);
    expect(rest.code).toBe(1006);
    expect(rest.msg).toContain('rests at least 10 min between runs (least rest)');
    expect(rest.msg).toContain(`may start at ${hhmmIn(env().config.tzName, at + 6 * MIN)}`);
    await history([]);
    const short = await start(2, 'zh-CN');
    expect(short.code).toBe(1006);
    expect(short.msg).toBe(
      `水泵保护：${(await machine()).deviceName} 未启动，水泵每次至少运行 3 分钟（最短运行时长），请把灌溉时长设为至少 3 分钟`,
    );
  });

  const machine = async () => {
    const list = await env().get<IrrigationMachine[]>(`${API}/getMachineList`, fx.demo, { groupId: String(fx.park) });
    return list.data.find((m) => m.deviceId === fx.machines.ic.deviceId) as IrrigationMachine;
  };

  it('a program slot refused by pump protection is recorded as refused, the limit named, and starts nothing', async () => {
    let offset = 0;
    const { irr } = irrigationRig(env(), () => Date.now() + offset);
    const { deviceId } = fx.machines.wf;
    const once = { deviceId, minRunMin: 2, minRestMin: 1, maxStartsPerHour: 1 };
    expect((await env().post(`${API}/alterMachineSettings`, fx.demo, once)).code).toBe(0);
    const at = await history([[20, 10]], 'wf');
    const nextMinute = Math.ceil(at / MIN) * MIN;
    const program = await irr.programs.save(fx.auth, {
      deviceId,
      name: 'too soon',
      startTimes: [hhmmIn(env().config.tzName, nextMinute)],
      days: [1, 2, 3, 4, 5, 6, 7],
      zones: [1],
      durationMin: 5,
      enabled: true,
    });
    offset = nextMinute + 5_000 - Date.now();
    await irr.programs.tick();
    const [p] = (await irr.programs.list(fx.auth, fx.park)).filter((x) => x.programId === program.programId);
    expect(p.lastSlots[0]).toMatchObject({ slotAt: nextMinute, outcome: 'refused', runId: null });
    expect(p.lastSlots[0].detail).toContain('at most 1 time an hour (most starts per hour)');
    const runs = await env().db.selectFrom('irrigation_runs').select('id').where('device_id', '=', deviceId).execute();
    expect(runs).toHaveLength(1);
    await irr.programs.remove(fx.auth, [program.programId]);
  });

  it('lists each machine with its settings, the defaults until someone sets them, and refuses limits out of range', async () => {
    const list = await env().get<IrrigationMachine[]>(`${API}/getMachineList`, fx.demo, { groupId: String(fx.park) });
    expect(list.data.find((m) => m.deviceId === fx.machines.si.deviceId)?.settings).toEqual({
      ...PUMP_DEFAULTS,
      own: false,
    });
    const bad = await settle({ minRunMin: 2, minRestMin: -1, maxStartsPerHour: 0 });
    expect(bad.code).toBe(1001);
    expect(fieldsOf(bad).sort()).toEqual(['maxStartsPerHour', 'minRestMin']);
    await settle({ minRunMin: 2.5, minRestMin: 5, maxStartsPerHour: 4 });
    expect((await machine()).settings).toEqual({ minRunMin: 2.5, minRestMin: 5, maxStartsPerHour: 4, own: true });
  });
});
