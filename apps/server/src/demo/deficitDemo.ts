import { addDays, dayIn, type SmartRuleBody, smartRuleBody } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { rainSince } from '../modules/irrigation/repo';
import { deficitVolumeM3 } from '../modules/irrigation/smartDeficit';
import { smartRuleColumns } from '../modules/irrigation/smartRule';
import { zoneWaterBalance } from '../modules/irrigation/waterBalance';
import { zoneOfPark } from '../modules/parks/repo';
import { zoneClock } from '../modules/telemetry/buckets';

const HOUR_MS = 3_600_000;
/**
 * The demo's deficit rule (issue 26, point 6): the field controller's zone 1, 北一小麦 on 北一地块 (winter wheat),
 * 2,000 m² under sprinklers at 80 % efficiency, skipping after more than 2 mm of rain in 24 h and while the
 * north soil station's 10 cm moisture is at 34 % or more (the demo loam holds 36 % at field capacity).
 */
export const DEFICIT_DEMO = {
  machine: 'DF-IC-0002',
  sensor: 'DF-SS-0002',
  zoneNo: 1,
  areaM2: 2000,
  efficiency: 0.8,
  name: '北一小麦按亏缺灌溉',
  rainMm: 2,
  wetAbove: 34,
  /** Days of decisions the seed replays (raw rain readings are kept for 45). */
  days: 40,
  /** The flow a run is taken to have, m³/h, for its end time. */
  flowM3h: 6,
  /** The check of each past day, local time (the live rule checks every 5 minutes). */
  checkHour: 6,
} as const;

async function demoParts(db: Db) {
  const farm = await db.selectFrom('merchants').select('id').where('name', '=', 'Demo Farm').executeTakeFirst();
  if (!farm) return null;
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'group_id', 'serial', 'name', 'device_class'])
    .where('merchant_id', '=', farm.id)
    .where('serial', 'in', [DEFICIT_DEMO.machine, DEFICIT_DEMO.sensor])
    .execute();
  const machine = devices.find((d) => d.serial === DEFICIT_DEMO.machine);
  const sensor = devices.find((d) => d.serial === DEFICIT_DEMO.sensor);
  if (!machine?.group_id || !sensor) return null;
  const rule = await db
    .selectFrom('rules')
    .select(['id', 'condition'])
    .where('merchant_id', '=', farm.id)
    .where('name', '=', DEFICIT_DEMO.name)
    .executeTakeFirst();
  return { merchantId: farm.id, groupId: machine.group_id, machine, sensor, rule };
}

const ruleBody = (machineId: number, sensorId: number, deficitMm: number): SmartRuleBody =>
  smartRuleBody.parse({
    name: DEFICIT_DEMO.name,
    mode: 'deficit',
    machineId,
    zones: [DEFICIT_DEMO.zoneNo],
    sensorId,
    sensorKey: 'soilMoisture10',
    startBelow: 0,
    stopAbove: DEFICIT_DEMO.wetAbove,
    deficitMm,
    maxDurationMin: 600,
    restMin: 60,
    maxRunsPerDay: 1,
    rainMm: DEFICIT_DEMO.rainMm,
    rainHours: 24,
    enabled: true,
  });

/**
 * Gives the zone its area and efficiency (the zones are named before). The rule comes with its past once the
 * station's history is in (`replayDeficitDemo`): made earlier, the live rule would judge the half-filled
 * history of the first minutes.
 */
export async function seedDeficitDemo(db: Db): Promise<{ seeded: boolean }> {
  const parts = await demoParts(db);
  if (!parts || parts.rule) return { seeded: false };
  await db
    .updateTable('irrigation_zones')
    .set({ area_m2: DEFICIT_DEMO.areaM2, efficiency: DEFICIT_DEMO.efficiency })
    .where('device_id', '=', parts.machine.id)
    .where('zone_no', '=', DEFICIT_DEMO.zoneNo)
    .execute();
  return { seeded: true };
}

/**
 * The rule's past, once the station's history is in (demo/start.ts): its last DEFICIT_DEMO.days days as the
 * rule would have judged them at each day's check, with the same balance, volume and rain check as the live
 * rule. The rule's limit is set just under the deficit of the latest day that followed rain and was itself
 * dry, as if a grower had made the rule the evening before: that morning it skips for the rain, the next it
 * waters. Each start is a run by volume (its water the volume, its end at DEFICIT_DEMO.flowM3h). The rule is
 * added here, with its limit; skipped when it exists.
 */
export async function replayDeficitDemo(db: Db, tzName: string, now: number): Promise<{ decisions: number }> {
  const parts = await demoParts(db);
  if (!parts || parts.rule) return { decisions: 0 };
  const { merchantId, groupId, machine } = parts;
  const park = await zoneOfPark(db, groupId, tzName);
  const today = dayIn(park, now);
  const clock = zoneClock(park);
  const checkAt = (d: string) => clock.dayBucket(Date.parse(`${d}T12:00:00Z`)) + DEFICIT_DEMO.checkHour * HOUR_MS;
  // rain the park's stations measured in the 24 h before `at` (the wettest, as the live rule reads it)
  const rainBefore = async (at: number) =>
    Math.round(((await rainSince(db, merchantId, groupId, at - 24 * HOUR_MS, at)) ?? 0) * 100) / 100;
  const who = { merchantId, groupIds: [groupId] };
  const balance = () =>
    zoneWaterBalance(
      db,
      who,
      {
        groupId,
        deviceId: machine.id,
        zoneNo: DEFICIT_DEMO.zoneNo,
        from: addDays(today, -DEFICIT_DEMO.days - 1),
        to: today,
      },
      tzName,
      now,
    );
  let b = await balance();
  const deficitBefore = (d: string) => b.days.find((x) => x.date === addDays(d, -1))?.deficitMm ?? null;
  const days = Array.from({ length: DEFICIT_DEMO.days }, (_, i) => addDays(today, i - DEFICIT_DEMO.days + 1)).filter(
    (d) => checkAt(d) < now - 12 * HOUR_MS,
  );
  // the latest morning after rain whose next morning is dry, with a deficit to speak of
  let first: string | null = null;
  for (const d of [...days].reverse()) {
    const held = deficitBefore(d);
    if (held === null || held < 3 || !days.includes(addDays(d, 1))) continue;
    if (
      (await rainBefore(checkAt(d))) > DEFICIT_DEMO.rainMm &&
      (await rainBefore(checkAt(addDays(d, 1)))) <= DEFICIT_DEMO.rainMm
    ) {
      first = d;
      break;
    }
  }
  const limit = first ? Math.max(1, Math.floor((deficitBefore(first) as number) - 0.5)) : 8;
  const made = first ? checkAt(first) - 12 * HOUR_MS : now;
  const rule = await db
    .insertInto('rules')
    .values({
      merchant_id: merchantId,
      group_id: groupId,
      owner_kind: 'smartIrrigation',
      ...smartRuleColumns(ruleBody(machine.id, parts.sensor.id, limit)),
      created_at: made,
      updated_at: made,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const area = b.areaM2;
  if (area === null) return { decisions: 0 };
  let count = 0;
  const write = (
    at: number,
    action: string,
    reason: string,
    facts: object,
    rainMm: number | null,
    runId: number | null = null,
  ) => {
    count++;
    return db
      .insertInto('irrigation_decisions')
      .values({
        merchant_id: merchantId,
        group_id: groupId,
        rule_id: rule.id,
        at,
        action,
        reason,
        moisture: null,
        rain_mm: rainMm,
        run_id: runId,
        facts: JSON.stringify(facts),
        detail: '',
      })
      .execute();
  };
  for (const d of days.filter((x) => !first || x >= first)) {
    const held = deficitBefore(d);
    if (held === null || held <= limit) continue;
    const at = checkAt(d);
    const volumeM3 = deficitVolumeM3(held, area, b.efficiency);
    const facts = {
      deficitMm: held,
      deficitLimitMm: limit,
      areaM2: area,
      efficiency: b.efficiency,
      volumeM3,
      zones: [DEFICIT_DEMO.zoneNo],
    };
    const rain = await rainBefore(at);
    if (rain > DEFICIT_DEMO.rainMm) {
      await write(at, 'skipped', 'raining', { ...facts, rainLimitMm: DEFICIT_DEMO.rainMm, rainHours: 24 }, rain);
      continue;
    }
    const ended = at + Math.round((volumeM3 / DEFICIT_DEMO.flowM3h) * HOUR_MS);
    const run = await db
      .insertInto('irrigation_runs')
      .values({
        merchant_id: merchantId,
        group_id: groupId,
        device_id: machine.id,
        device_class: machine.device_class,
        device_name: machine.name,
        device_serial: machine.serial,
        zones: JSON.stringify([DEFICIT_DEMO.zoneNo]),
        duration_min: null,
        volume_m3: volumeM3,
        recipe: null,
        trigger: 'smart',
        trigger_ref: String(rule.id),
        trigger_name: DEFICIT_DEMO.name,
        user_id: null,
        operator: `smart:${DEFICIT_DEMO.name}`,
        state: 'done',
        active_key: null,
        start_cmd_id: '',
        stop_cmd_id: null,
        created_at: at,
        started_at: at,
        ended_at: ended,
        water_start: null,
        water_m3: volumeM3,
        tanks_start: null,
        fertiliser: '{}',
        reason: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await write(at, 'started', 'deficitStart', facts, rain, run.id);
    await write(ended, 'stopped', 'volumeDone', { waterM3: volumeM3 }, null, run.id);
    // the run's water is in the balance of the days after
    b = await balance();
  }
  return { decisions: count };
}
