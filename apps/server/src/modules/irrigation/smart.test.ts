import type { SmartDecision, SmartRule } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { waitFor } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';
import {
  hhmmIn,
  irrigationFixture,
  irrigationRig,
  pause,
  quickPump,
  runOf,
  smartRule,
  soilReading,
} from './testFixture';

describeEachEngine('smart irrigation', (env) => {
  const fx = irrigationFixture(env);

  it('smart rule: starts below X, skips for rain and outside its window, stops above Y, also after a restart', async () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    const build = () => irrigationRig(env(), now);
    // runs of 3 s back to back: this machine's pump protection allows them
    await quickPump(env(), fx.demo, fx.machines.si.deviceId);
    let { engine, irr } = build();
    const rule: SmartRule = await irr.smart.save(fx.auth, smartRule(fx, { name: 'zone 1 by soil 20 cm', rainMm: 5 }));
    await engine.refresh();
    const read = (v: number) =>
      soilReading(env(), engine, { deviceId: fx.sensorId, key: 'soilMoisture20', ts: now(), value: v });
    const decisions = async () =>
      (await irr.smart.decisions(fx.auth, { groupId: fx.park, ruleId: rule.ruleId, pageNum: 1, pageSize: 50 })).list;

    // Rain: 8 mm in the last hours at the park's station.
    await env()
      .db.insertInto('telemetry')
      .values({ device_id: fx.stationId, key: 'rainfall', ts: Date.now() - 3_600_000, value: 8 })
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
    await env().db.deleteFrom('telemetry').where('device_id', '=', fx.stationId).execute();

    // Outside its window: only a window that closed an hour ago.
    const h = (ts: number) => hhmmIn(env().config.tzName, ts);
    await irr.smart.save(fx.auth, {
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
    await irr.smart.save(fx.auth, { ...rule, windows: [] });
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
    expect(await runOf(env(), runId)).toMatchObject({ trigger: 'smart', triggerRef: String(rule.ruleId), zones: [1] });
    await waitFor('smart run running', async () => {
      await pause();
      await irr.runs.supervise();
      return (await runOf(env(), runId)).state === 'running';
    });

    // Restart in the middle: a new engine and services read the rule state and the run from the database.
    ({ engine, irr } = build());
    await engine.refresh();
    await read(28);
    expect((await runOf(env(), runId)).state).toBe('running');
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
      return (await runOf(env(), runId)).state === 'stopped';
    });
    const log: SmartDecision[] = await decisions();
    expect(log[0]).toMatchObject({ action: 'stopped', reason: 'aboveStop', runId, detail: '' });
    // the water as measured on the run (a short test run may have moved next to none)
    expect(log[0].facts.waterM3).toBeTypeOf('number');
    expect(log[0].facts.waterM3).toBe((await runOf(env(), runId)).waterM3);
    expect(await runOf(env(), runId)).toMatchObject({ endCode: 'stopRequested', stopReason: 'aboveStop' });

    // Maximum duration: the machine stops itself; the log says so and the rule may start again.
    await irr.smart.save(fx.auth, { ...rule, maxDurationMin: 0.05 });
    await read(20);
    const second = (await decisions())[0];
    expect(second).toMatchObject({ action: 'started' });
    await waitFor(
      'max duration reached',
      async () => {
        await pause();
        await irr.runs.supervise();
        return (await runOf(env(), second.runId as number)).state === 'done';
      },
      15_000,
    );
    expect((await decisions())[0]).toMatchObject({
      action: 'stopped',
      reason: 'maxDuration',
      runId: second.runId,
      facts: { maxDurationMin: 0.05 },
    });
    expect(await runOf(env(), second.runId as number)).toMatchObject({ endCode: null, stopReason: null });
    await irr.smart.remove(fx.auth, [rule.ruleId]);
    offset = 0;
  }, 60_000);
});
