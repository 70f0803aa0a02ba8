import { SMART_SENSOR_STALE_MIN, type SmartDecision, type SmartRule } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { waitFor } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';
import { API, irrigationFixture, irrigationRig, pause, quickPump, runOf, smartRule, soilReading } from './testFixture';

describeEachEngine('smart irrigation never short-cycles', (env) => {
  const fx = irrigationFixture(env);

  it('daily caps of runs and water, the soak after a run and a stale sensor each skip with their reason and facts', async () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    const { engine, irr } = irrigationRig(env(), now);
    // runs of 3 s back to back: this machine's pump protection allows them (the rule's own limits are tested)
    await quickPump(env(), fx.demo, fx.machines.si.deviceId);
    const once = { name: 'zone 2, once a day', zones: [2], sensorKey: 'soilMoisture40', maxDurationMin: 0.05 };
    const rule: SmartRule = await irr.smart.save(fx.auth, smartRule(fx, { ...once, maxRunsPerDay: 1 }));
    await engine.refresh();
    let readAt = 0;
    const read = (v: number) => {
      readAt = now();
      return soilReading(env(), engine, { deviceId: fx.sensorId, key: 'soilMoisture40', ts: readAt, value: v });
    };
    const latest = async (): Promise<SmartDecision> =>
      (await irr.smart.decisions(fx.auth, { groupId: fx.park, ruleId: rule.ruleId, pageNum: 1, pageSize: 5 })).list[0];

    // The one run of the day, to its maximum duration.
    await read(20);
    const first = await latest();
    expect(first).toMatchObject({ action: 'started', reason: 'belowStart' });
    const runId = first.runId as number;
    await waitFor(
      'first run done',
      async () => {
        await pause();
        await irr.runs.supervise();
        return (await runOf(env(), runId)).state === 'done';
      },
      15_000,
    );

    // Dry again: the day's one run is used.
    await read(20);
    expect(await latest()).toMatchObject({
      action: 'skipped',
      reason: 'dailyRuns',
      moisture: 20,
      facts: { runsToday: 1, maxRunsPerDay: 1 },
    });

    // Water cap: the run metered 1 m³ (set on the row), the cap is 0.5 m³ a day.
    await env().db.updateTable('irrigation_runs').set({ water_m3: 1 }).where('id', '=', runId).execute();
    await irr.smart.save(fx.auth, { ...rule, maxRunsPerDay: 0, maxWaterPerDayM3: 0.5 });
    await read(19);
    expect(await latest()).toMatchObject({
      action: 'skipped',
      reason: 'dailyWater',
      facts: { waterTodayM3: 1, maxWaterPerDayM3: 0.5 },
    });

    // Soak: no cap, but an hour between runs.
    await irr.smart.save(fx.auth, { ...rule, maxRunsPerDay: 0, restMin: 60 });
    await read(19);
    const soak = await latest();
    expect(soak).toMatchObject({ action: 'skipped', reason: 'resting', runId });
    expect(soak.facts.restLeftMin).toBeGreaterThan(55);
    expect(soak.facts.restLeftMin).toBeLessThanOrEqual(60);

    // Pump protection: no soak, but the machine starts at most once an hour: skipped, the limit and time named.
    await irr.smart.save(fx.auth, { ...rule, maxRunsPerDay: 0, restMin: 0 });
    const hourly = { deviceId: fx.machines.si.deviceId, minRunMin: 0, minRestMin: 0, maxStartsPerHour: 1 };
    expect((await env().post(`${API}/alterMachineSettings`, fx.demo, hourly)).code).toBe(0);
    await read(19);
    const pump = await latest();
    const startedAt = (await runOf(env(), runId)).startedAt as number;
    expect(pump).toMatchObject({
      action: 'skipped',
      reason: 'pumpProtection',
      facts: { pump: { limit: 'maxStartsPerHour', value: 1, earliestAt: startedAt + 3_600_000 } },
    });
    expect(pump.facts.error?.en).toContain('starts at most 1 time an hour (most starts per hour)');
    expect(pump.facts.error?.zh).toContain('每小时最多启动 1 次');

    // The sensor then falls silent: the pending start offered again on the engine's tick is not
    // judged on its old value.
    offset = (SMART_SENSOR_STALE_MIN + 5) * 60_000;
    await engine.tick();
    await engine.idle();
    expect(await latest()).toMatchObject({
      action: 'skipped',
      reason: 'sensorStale',
      moisture: 19,
      facts: { sensorLastAt: readAt, staleAfterMin: SMART_SENSOR_STALE_MIN },
    });
    // No run was started by any of these.
    const runs = await env()
      .db.selectFrom('irrigation_runs')
      .select('id')
      .where('trigger', '=', 'smart')
      .where('trigger_ref', '=', String(rule.ruleId))
      .execute();
    expect(runs.map((r) => r.id)).toEqual([runId]);
    await irr.smart.remove(fx.auth, [rule.ruleId]);
  }, 60_000);
});
