import { randomUUID } from 'node:crypto';
import {
  type DeviceClass,
  type ProgramBody,
  programBody,
  type SmartRuleBody,
  smartRuleBody,
  TANKS,
} from '@farmpark/contracts';
import { generateHistory } from '@farmpark/simulator';
import type { Db } from '../db/connect';
import { programColumns } from '../modules/irrigation/programs';
import { smartRuleColumns } from '../modules/irrigation/smartRule';
import type { DemoFleet } from './fleet';

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;

/** The demo's irrigation machines and the soil station the smart machine's zone 1 waters (park 1). */
export const DEMO_IRRIGATION = {
  fertigation: 'DF-WF-0001',
  controller: 'DF-IC-0001',
  smart: 'DF-SI-0001',
  // Not DF-SS-0001: the monitoring e2e takes that station over with its own simulator.
  soil: 'DF-SS-0004',
} as const;

/**
 * The smart rule watches the top probe (the only layer the demo dries fast). The station starts near
 * 26.3 % (its seed), loses SOIL_DRYING_MM_PER_H on top of the weather's evapotranspiration (~0.7 %/min
 * of the 150 mm layer) and gains ~4 mm/min while zone 1 (LINK_AREA_M2) runs, so it crosses 26 % within
 * a minute or two of a start and is back above 29 % a couple of minutes into a run: the decision log
 * fills with real starts and stops while someone watches.
 */
export const SOIL_DRYING_MM_PER_H = 60;
export const LINK_AREA_M2 = 10;

const PROGRAM = {
  name: '早间水肥 1-3 区',
  startTimes: ['06:00'],
  zones: [1, 2, 3],
  durationMin: 10,
  recipe: { tanks: { tank1: 20, tank2: 20, tank4: 5 } },
};
const MANUAL = [
  { serial: DEMO_IRRIGATION.controller, at: '07:30', zones: [2, 4], durationMin: 20 },
  { serial: DEMO_IRRIGATION.smart, at: '18:00', zones: [1, 2], durationMin: 15 },
];

/**
 * What the demo machines did every day in the past: the backfill replays these commands through the
 * simulator, so history charts show the runs, and the seeded running records measure the same runs.
 */
export const DEMO_IRRIGATION_DAILY: Record<
  string,
  Array<{ at: string; name: 'startIrrigation'; params: Record<string, unknown> }>
> = {
  [DEMO_IRRIGATION.fertigation]: [
    {
      at: PROGRAM.startTimes[0],
      name: 'startIrrigation',
      params: { zones: PROGRAM.zones, durationMin: PROGRAM.durationMin * PROGRAM.zones.length, recipe: PROGRAM.recipe },
    },
  ],
  ...Object.fromEntries(
    MANUAL.map((m) => [
      m.serial,
      [{ at: m.at, name: 'startIrrigation' as const, params: { zones: m.zones, durationMin: m.durationMin } }],
    ]),
  ),
};

/** Local midnight of `ts`'s day in a fixed-offset zone (the demo parks are on UTC+8). */
const OFFSET_MIN = 8 * 60;
const localMidnight = (ts: number) => Math.floor((ts + OFFSET_MIN * MIN_MS) / DAY_MS) * DAY_MS - OFFSET_MIN * MIN_MS;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface MachineRow {
  id: number;
  merchant_id: number;
  group_id: number | null;
  serial: string;
  name: string;
  device_class: string;
  model: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * One past run as the simulator plays it: the same physics and seed as the backfill, over the run's
 * own window. Water is the totalWater counter's rise, fertiliser the dosing meters' rise, and the run
 * ends when the machine reports idle (the water-fertiliser machine flushes after its last zone).
 */
function measurePastRun(m: MachineRow, slotAt: number, params: Record<string, unknown>, durationMin: number) {
  const spec = {
    deviceClass: m.device_class as DeviceClass,
    serial: m.serial,
    model: m.model,
    ...(m.latitude !== null ? { lat: m.latitude } : {}),
    ...(m.longitude !== null ? { lon: m.longitude } : {}),
  };
  const from = slotAt - MIN_MS;
  const to = slotAt + (durationMin + 10) * MIN_MS;
  const played = [
    ...generateHistory({ ...spec, daily: [{ at: hhmmOf(slotAt), name: 'startIrrigation', params }] }, from, to, 30_000),
  ].flat();
  const first = played[0]?.values ?? {};
  const running = (v: Record<string, number>) =>
    m.device_class === 'waterFertilizer'
      ? (v.runState ?? 0) !== 0
      : Object.keys(v).some((k) => /^valve\d+$/.test(k) && v[k] === 1);
  const endReading = played.find((r) => r.ts > slotAt && !running(r.values));
  const last = endReading ?? played[played.length - 1];
  const fertiliser: Record<string, number> = {};
  TANKS.forEach((t, i) => {
    const key = `dosed${i + 1}`;
    const litres = (last.values[key] ?? 0) - (first[key] ?? 0);
    if (litres > 0.005) fertiliser[t] = Math.round(litres * 100) / 100;
  });
  return {
    endedAt: last.ts,
    waterM3: Math.round(((last.values.totalWater ?? 0) - (first.totalWater ?? 0)) * 1000) / 1000,
    waterStart: first.totalWater ?? null,
    fertiliser,
  };
}

const hhmmOf = (ts: number) => {
  const m = Math.floor(((ts + OFFSET_MIN * MIN_MS) % DAY_MS) / MIN_MS);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * Demo irrigation rows for Demo Farm's first park: a program on the water-fertiliser machine, a smart
 * rule on the smart machine's zone 1 bound to the soil station it waters, and `days` of past runs that
 * match the backfilled history. Skipped when the farm already has a smart rule (a restart adds nothing).
 */
export async function seedIrrigationDemo(db: Db, now: number, days = 90): Promise<{ seeded: boolean }> {
  const farm = await db.selectFrom('merchants').select('id').where('name', '=', 'Demo Farm').executeTakeFirst();
  if (!farm) return { seeded: false };
  const present = await db
    .selectFrom('rules')
    .select('id')
    .where('merchant_id', '=', farm.id)
    .where('owner_kind', '=', 'smartIrrigation')
    .executeTakeFirst();
  if (present) return { seeded: false };
  const machines = await db
    .selectFrom('devices')
    .select(['id', 'merchant_id', 'group_id', 'serial', 'name', 'device_class', 'model', 'latitude', 'longitude'])
    .where('merchant_id', '=', farm.id)
    .where('serial', 'in', Object.values(DEMO_IRRIGATION))
    .execute();
  const bySerial = new Map(machines.map((m) => [m.serial, m]));
  const wf = bySerial.get(DEMO_IRRIGATION.fertigation);
  const smart = bySerial.get(DEMO_IRRIGATION.smart);
  const soil = bySerial.get(DEMO_IRRIGATION.soil);
  if (!wf?.group_id || !smart?.group_id || !soil) return { seeded: false };
  const admin = await db
    .selectFrom('users')
    .select(['id', 'login_name'])
    .where('merchant_id', '=', farm.id)
    .where('login_name', '=', 'demo')
    .executeTakeFirst();

  // Contract-checked, like a body from the console.
  const program: ProgramBody = programBody.parse({
    deviceId: wf.id,
    name: PROGRAM.name,
    startTimes: PROGRAM.startTimes,
    days: [1, 2, 3, 4, 5, 6, 7],
    zones: PROGRAM.zones,
    durationMin: PROGRAM.durationMin,
    recipe: PROGRAM.recipe,
    enabled: true,
  });
  const rule: SmartRuleBody = smartRuleBody.parse({
    name: '1区墒情自动灌溉',
    machineId: smart.id,
    zones: [1],
    sensorId: soil.id,
    sensorKey: 'soilMoisture10',
    startBelow: 26,
    stopAbove: 29,
    maxDurationMin: 10,
    // good practice, not a short cycle: half an hour's soak after each run, at most 8 runs and 4 m³ a day
    restMin: 30,
    maxRunsPerDay: 8,
    maxWaterPerDayM3: 4,
    windows: [],
    rainMm: 10,
    rainHours: 24,
    enabled: true,
  });

  await db.transaction().execute(async (trx) => {
    const { id: programId } = await trx
      .insertInto('irrigation_programs')
      .values({
        merchant_id: farm.id,
        group_id: wf.group_id as number,
        ...programColumns(program),
        checked_until: now,
        created_at: now - days * DAY_MS,
        updated_at: now - days * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('rules')
      .values({
        merchant_id: farm.id,
        group_id: smart.group_id as number,
        owner_kind: 'smartIrrigation',
        ...smartRuleColumns(rule),
        created_at: now,
        updated_at: now,
      })
      .execute();

    const plans = [
      {
        machine: wf,
        at: PROGRAM.startTimes[0],
        zones: PROGRAM.zones,
        durationMin: PROGRAM.durationMin * PROGRAM.zones.length,
        recipe: PROGRAM.recipe as ProgramBody['recipe'] | null,
        trigger: { kind: 'program', ref: String(programId), name: PROGRAM.name, operator: `program:${PROGRAM.name}` },
      },
      ...MANUAL.flatMap((m) => {
        const machine = bySerial.get(m.serial);
        return machine
          ? [
              {
                machine,
                at: m.at,
                zones: m.zones,
                durationMin: m.durationMin,
                recipe: null,
                trigger: { kind: 'manual', ref: '', name: '', operator: admin?.login_name ?? 'demo' },
              },
            ]
          : [];
      }),
    ];
    const today = localMidnight(now);
    for (const p of plans) {
      if (p.machine.group_id === null) continue;
      for (let d = days; d >= 0; d--) {
        const slotAt = today - d * DAY_MS + minutesOf(p.at) * MIN_MS;
        // Only runs that are over by now: a live one would be the machine's, not the past's.
        if (slotAt + (p.durationMin + 10) * MIN_MS > now) continue;
        const params = { zones: p.zones, durationMin: p.durationMin, ...(p.recipe ? { recipe: p.recipe } : {}) };
        const used = measurePastRun(p.machine, slotAt, params, p.durationMin);
        // The start as the command service would have recorded it (operation record), acked by the machine.
        const cmdId = randomUUID();
        const ackMs = 300 + ((slotAt / MIN_MS) % 500);
        await trx
          .insertInto('commands')
          .values({
            cmd_id: cmdId,
            merchant_id: farm.id,
            group_id: p.machine.group_id,
            device_id: p.machine.id,
            device_class: p.machine.device_class,
            device_serial: p.machine.serial,
            device_name: p.machine.name,
            name: 'startIrrigation',
            params: JSON.stringify(params),
            state: 'succeeded',
            source: p.trigger.kind === 'manual' ? 'manual' : 'program',
            source_ref: p.trigger.ref,
            user_id: p.trigger.kind === 'manual' ? (admin?.id ?? null) : null,
            login_name: p.trigger.operator.slice(0, 64),
            created_at: slotAt,
            sent_at: slotAt,
            acked_at: slotAt + ackMs,
            response_ms: ackMs,
            ack_ok: 1,
          })
          .execute();
        const { id: runId } = await trx
          .insertInto('irrigation_runs')
          .values({
            merchant_id: farm.id,
            group_id: p.machine.group_id,
            device_id: p.machine.id,
            device_class: p.machine.device_class,
            device_name: p.machine.name,
            device_serial: p.machine.serial,
            zones: JSON.stringify(p.zones),
            duration_min: p.durationMin,
            volume_m3: null,
            recipe: p.recipe ? JSON.stringify(p.recipe) : null,
            trigger: p.trigger.kind,
            trigger_ref: p.trigger.ref,
            trigger_name: p.trigger.name,
            user_id: p.trigger.kind === 'manual' ? (admin?.id ?? null) : null,
            operator: p.trigger.operator,
            state: 'done',
            active_key: null,
            start_cmd_id: cmdId,
            stop_cmd_id: null,
            created_at: slotAt,
            started_at: slotAt + ackMs,
            ended_at: used.endedAt,
            water_start: used.waterStart,
            water_m3: used.waterM3,
            tanks_start: null,
            fertiliser: JSON.stringify(used.fertiliser),
            reason: '',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (p.trigger.kind === 'program') {
          await trx
            .insertInto('irrigation_program_slots')
            .values({ program_id: programId, slot_at: slotAt, outcome: 'started', run_id: runId, created_at: slotAt })
            .execute();
        }
      }
    }
  });
  return { seeded: true };
}

/**
 * The smart machine's zone 1 line clogs slowly from the demo's start (issue 26, point 6): 15 % more of its flow
 * lost each hour, up to 70 %. The smart rule runs it about every half hour, so the zone learns its usual flow
 * from its first runs and the demo's flow rule (alarmsSeed.ts) raises its alarm a few hours in, well within a
 * demo day; a restart starts with a clean line, and the next run clears the alarm.
 */
export const DEMO_CLOG = { zone: 1, clog: { share: 0, perHour: 0.15, max: 0.7 } } as const;

/**
 * Live demo irrigation: the smart machine's zone 1 waters the soil station of its rule, and that
 * station's top layer dries fast, so the smart rule acts within minutes of a start; its line clogs slowly.
 */
export function startIrrigationDemo(fleet: Pick<DemoFleet, 'get' | 'link'>): void {
  const soil = fleet.get(DEMO_IRRIGATION.soil);
  const smart = fleet.get(DEMO_IRRIGATION.smart);
  if (!soil || !smart) return;
  fleet.link(DEMO_IRRIGATION.smart, 1, DEMO_IRRIGATION.soil, LINK_AREA_M2);
  soil.setDrying(SOIL_DRYING_MM_PER_H);
  smart.clogZone(DEMO_CLOG.zone, DEMO_CLOG.clog);
}
