import {
  addDays,
  dayIn,
  type Paged,
  type SmartDecision,
  type SmartRule,
  type ZoneWaterBalance,
} from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { deficitVolumeM3 } from '../modules/irrigation/smartDeficit';
import { describeEachEngine } from '../test/harness';
import { backfillDemoHistory } from './backfill';
import { DEFICIT_DEMO, replayDeficitDemo } from './deficitDemo';
import { ensureDemoDeviceSecrets } from './devices';

const API = '/api/merchant/irrigation';

/**
 * Issue 26, point 6: one demo zone runs by deficit. The seed gives the field controller's zone 1 its area and a
 * deficit rule; once the base's weather station has its history, the rule's past is judged on it: its log
 * shows a skip after rain and a start by volume with the numbers of the zone's water balance.
 */
describeEachEngine('demo deficit zone', (env) => {
  let demo: string;
  let park: number;
  let machine: number;
  const now = Date.now();

  beforeAll(async () => {
    const { db, config } = env();
    demo = await env().login('demo');
    const m = await db
      .selectFrom('devices')
      .select(['id', 'group_id'])
      .where('serial', '=', DEFICIT_DEMO.machine)
      .executeTakeFirstOrThrow();
    machine = m.id;
    park = m.group_id as number;
    const entries = (await ensureDemoDeviceSecrets(db, config.dataDir)).filter((e) => e.serial === 'DF-WS-0002');
    // the wheat was sown in early October: ET0 since then, raw rain for the replayed days
    await backfillDemoHistory({ config, db }, entries, {
      days: 70,
      rawDays: DEFICIT_DEMO.days + 2,
      recentDays: 1,
      olderStepMs: 30 * 60_000,
      now,
    });
  }, 120_000);

  it('the deficit zone skips after rain and waters by volume what its balance says', async () => {
    const listed = async () =>
      (await env().get<SmartRule[]>(`${API}/getSmartRuleList`, demo, { groupId: String(park) })).data.find(
        (r) => r.name === DEFICIT_DEMO.name,
      );
    // the seed gave the zone its area; the rule comes with its past, after the station's history
    expect(await listed()).toBeUndefined();
    const replayed = await replayDeficitDemo(env().db, env().config.tzName, now);
    expect(replayed.decisions).toBeGreaterThanOrEqual(3);
    const rule = (await listed()) as SmartRule;
    expect(rule).toMatchObject({ mode: 'deficit', machineId: machine, zones: [1], rainMm: 2, stopAbove: 34 });
    const log = await env().get<Paged<SmartDecision>>(`${API}/getDecisionList`, demo, {
      groupId: String(park),
      ruleId: String(rule.ruleId),
      pageSize: '100',
    });
    const byTime = [...log.data.list].sort((a, b) => a.at - b.at);
    const limit = (await env().get<SmartRule[]>(`${API}/getSmartRuleList`, demo, { groupId: String(park) })).data.find(
      (r) => r.ruleId === rule.ruleId,
    )?.deficitMm as number;
    // the first morning: more than 2 mm of rain in the last 24 h held the start back, with the numbers it saw
    expect(byTime[0]).toMatchObject({
      action: 'skipped',
      reason: 'raining',
      facts: { deficitLimitMm: limit, rainLimitMm: 2, rainHours: 24 },
    });
    expect(byTime[0].rainMm).toBeGreaterThan(2);
    expect(byTime[0].facts.deficitMm).toBeGreaterThan(limit);
    // the next morning: a start by volume, the deficit of the day before as the zone's balance answers it
    const started = byTime[1];
    expect(started).toMatchObject({ action: 'started', reason: 'deficitStart' });
    const tz = env().config.tzName;
    const before = addDays(dayIn(tz, started.at), -1);
    const balance = await env().get<ZoneWaterBalance>(`${API}/getZoneWaterBalance`, demo, {
      groupId: String(park),
      deviceId: String(machine),
      zoneNo: '1',
      from: before,
      to: dayIn(tz, started.at),
    });
    expect(balance.data).toMatchObject({ areaM2: 2000, efficiency: 0.8, missing: [] });
    const deficit = balance.data.days[0].deficitMm as number;
    const volumeM3 = deficitVolumeM3(deficit, 2000, 0.8);
    expect(started.facts).toEqual({
      deficitMm: deficit,
      deficitLimitMm: limit,
      areaM2: 2000,
      efficiency: 0.8,
      volumeM3,
      zones: [1],
    });
    const run = await env()
      .db.selectFrom('irrigation_runs')
      .selectAll()
      .where('id', '=', started.runId as number)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({
      trigger: 'smart',
      trigger_ref: String(rule.ruleId),
      volume_m3: volumeM3,
      water_m3: volumeM3,
    });
    // its water is the zone's applied water that day
    expect(balance.data.days[1].appliedM3).toBe(volumeM3);
    expect(byTime[2]).toMatchObject({
      action: 'stopped',
      reason: 'volumeDone',
      runId: started.runId,
      facts: { waterM3: volumeM3 },
    });
    // judged once: a second replay adds nothing
    expect(await replayDeficitDemo(env().db, tz, now)).toEqual({ decisions: 0 });
  }, 120_000);
});
