import { type ZoneFlowAlarmCondition, zoneFlowCondition } from '@farmpark/contracts';
import { createBehaviour, placeOf } from '@farmpark/simulator';
import { expect, it } from 'vitest';
import { createFlowAlarms } from '../modules/irrigation/flowAlarms';
import { manualRun } from '../modules/irrigation/testFixture';
import { describeEachEngine } from '../test/harness';
import { DEMO_FLOW_RULE } from './alarmsSeed';
import { DEMO_CLOG, DEMO_IRRIGATION } from './irrigation';

const MIN = 60_000;

/**
 * Issue 26, point 6: the demo's smart machine's zone 1 line clogs slowly from the demo's start, and the demo's
 * flow rule raises its alarm within a demo day. The machine's own physics (the simulator, with the demo's clog)
 * runs the zone as the smart rule does, a few minutes about every half hour, at most its 8 runs a day; its
 * readings are stored as ingest stores them and the seeded rule is judged after each run.
 */
describeEachEngine('demo clogging line', (env) => {
  it('the seeded flow rule raises the clogging zone’s alarm within the smart rule’s runs of a day', async () => {
    const db = env().db;
    const machine = await db
      .selectFrom('devices')
      .select(['id', 'merchant_id', 'group_id', 'model', 'serial'])
      .where('serial', '=', DEMO_IRRIGATION.smart)
      .executeTakeFirstOrThrow();
    const rule = await db.selectFrom('rules').selectAll().where('name', '=', DEMO_FLOW_RULE).executeTakeFirstOrThrow();
    expect(rule).toMatchObject({ device_class: 'smartIrrigation', group_id: machine.group_id, enabled: 1 });
    expect(zoneFlowCondition.parse(JSON.parse(rule.condition))).toEqual({
      kind: 'zoneFlow',
      deviationPct: 30,
      minRuns: 3,
    });

    const t0 = Date.now() - 24 * 60 * MIN;
    const sim = createBehaviour(
      { deviceClass: 'smartIrrigation', model: machine.model, seed: 1, place: placeOf(35, 115) },
      t0 - MIN,
    );
    sim.clogZone(DEMO_CLOG.zone, DEMO_CLOG.clog);
    let clock = t0;
    const job = createFlowAlarms({ db, lifecycle: env().alarms.lifecycle, now: () => clock });
    const open = () =>
      db
        .selectFrom('alarms')
        .selectAll()
        .where('rule_id', '=', rule.id)
        .where('device_id', '=', machine.id)
        .where('state', '=', 'active')
        .execute();

    let raisedAfter = 0;
    for (let n = 1; n <= 8 && raisedAfter === 0; n++) {
      const start = t0 + (n - 1) * 33 * MIN;
      sim.advance(start);
      sim.command('startIrrigation', { zones: [DEMO_CLOG.zone], durationMin: 4 });
      const rows = [];
      for (let ts = start + MIN; ts <= start + 4 * MIN; ts += MIN) {
        sim.advance(ts);
        const s = sim.sample();
        rows.push({ device_id: machine.id, key: 'flow', ts, value: s.flow });
        rows.push({ device_id: machine.id, key: 'pressure', ts, value: s.pressure });
      }
      await db.insertInto('telemetry').values(rows).execute();
      await db
        .insertInto('irrigation_runs')
        .values(
          manualRun({
            merchant_id: machine.merchant_id,
            group_id: machine.group_id as number,
            device_id: machine.id,
            device_class: 'smartIrrigation',
            state: 'done',
            zones: JSON.stringify([DEMO_CLOG.zone]),
            created_at: start,
            started_at: start,
            ended_at: start + 4 * MIN,
          }),
        )
        .execute();
      clock = start + 6 * MIN;
      await job.tick();
      if ((await open()).length > 0) raisedAfter = n;
    }
    // three runs to learn from, then the clog shows within the day's runs
    expect(raisedAfter).toBeGreaterThan(3);
    expect(raisedAfter).toBeLessThanOrEqual(8);
    const [alarm] = await open();
    const c = JSON.parse(alarm.condition) as ZoneFlowAlarmCondition;
    expect(c.flow).toMatchObject({ finding: 'low', zones: [1] });
    expect(c.flow?.offPct).toBeLessThanOrEqual(-30); // rounded: more than 30 % off
    expect(c.flow?.pressure).toBeGreaterThan(c.flow?.usualPressure as number);
  });
});
