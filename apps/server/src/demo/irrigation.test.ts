import { generateHistory } from '@farmpark/simulator';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { DEMO_IRRIGATION, DEMO_IRRIGATION_DAILY, seedIrrigationDemo } from './irrigation';

const DAY = 86_400_000;

describeEachEngine('demo irrigation', (env) => {
  it('seeds a program, a smart rule on a soil probe of the same park, and past runs that match the history', async () => {
    const { db } = env();
    const dev = async (serial: string) =>
      db
        .selectFrom('devices')
        .select(['id', 'group_id', 'model', 'latitude', 'longitude', 'device_class'])
        .where('serial', '=', serial)
        .executeTakeFirstOrThrow();
    const wf = await dev(DEMO_IRRIGATION.fertigation);
    const smart = await dev(DEMO_IRRIGATION.smart);
    const soil = await dev(DEMO_IRRIGATION.soil);
    expect(soil.group_id).toBe(smart.group_id);

    const rule = await db
      .selectFrom('rules')
      .selectAll()
      .where('owner_kind', '=', 'smartIrrigation')
      .executeTakeFirstOrThrow();
    expect(rule.device_id).toBe(soil.id);
    expect(JSON.parse(rule.condition)).toMatchObject({ key: 'soilMoisture10', op: 'below', value: 26, hysteresis: 3 });
    // it rests and caps like a good irrigator (issue 26): no short cycles of a few minutes
    expect(JSON.parse(rule.config)).toMatchObject({
      machineId: smart.id,
      zones: [1],
      restMin: 30,
      maxRunsPerDay: 8,
      maxWaterPerDayM3: 4,
    });

    const program = await db.selectFrom('irrigation_programs').selectAll().executeTakeFirstOrThrow();
    expect(program.device_id).toBe(wf.id);
    const runs = await db
      .selectFrom('irrigation_runs')
      .selectAll()
      .where('device_id', '=', wf.id)
      .orderBy('created_at')
      .execute();
    expect(runs.length).toBeGreaterThanOrEqual(89);
    expect(
      runs.every((r) => r.state === 'done' && r.trigger === 'program' && r.trigger_ref === String(program.id)),
    ).toBe(true);
    // Each past start is in the machine's operation record, as the command service writes it.
    const cmds = await db
      .selectFrom('commands')
      .select(['cmd_id', 'name', 'state', 'source'])
      .where('device_id', '=', wf.id)
      .execute();
    expect(cmds).toHaveLength(runs.length);
    expect(runs.every((r) => cmds.some((c) => c.cmd_id === r.start_cmd_id && c.state === 'succeeded'))).toBe(true);
    expect(new Set(cmds.map((c) => `${c.name}/${c.source}`))).toEqual(new Set(['startIrrigation/program']));
    const slots = await db.selectFrom('irrigation_program_slots').selectAll().execute();
    expect(slots.map((s) => s.run_id).sort()).toEqual(runs.map((r) => r.id).sort());

    // The backfill replays the same daily command: its totalWater and dosing meters rise by what the run says.
    const run = runs[runs.length - 1];
    const spec = {
      deviceClass: 'waterFertilizer' as const,
      serial: DEMO_IRRIGATION.fertigation,
      model: wf.model,
      lat: wf.latitude ?? undefined,
      lon: wf.longitude ?? undefined,
      daily: DEMO_IRRIGATION_DAILY[DEMO_IRRIGATION.fertigation],
    };
    const history = [
      ...generateHistory(spec, Number(run.created_at) - 2 * 60_000, Number(run.ended_at) + 60_000, 60_000),
    ].flat();
    const first = history[0].values;
    const last = history[history.length - 1].values;
    expect(history.some((h) => (h.values.flow ?? 0) > 0)).toBe(true);
    expect(run.water_m3).toBeGreaterThan(1);
    expect(Math.abs(last.totalWater - first.totalWater - (run.water_m3 as number))).toBeLessThan(0.01);
    const fert = JSON.parse(run.fertiliser) as Record<string, number>;
    expect(Object.keys(fert).sort()).toEqual(['tank1', 'tank2', 'tank4']);
    expect(Math.abs(last.dosed1 - first.dosed1 - fert.tank1)).toBeLessThan(0.02);
    expect(Number(run.ended_at) - Number(run.started_at)).toBeGreaterThanOrEqual(30 * 60_000 - 1000);

    const others = await db
      .selectFrom('irrigation_runs')
      .select(['device_serial', 'water_m3'])
      .where('device_serial', 'in', [DEMO_IRRIGATION.controller, DEMO_IRRIGATION.smart])
      .execute();
    expect(new Set(others.map((o) => o.device_serial)).size).toBe(2);
    expect(others.every((o) => (o.water_m3 ?? 0) > 0.3)).toBe(true);
    expect(Number(runs[0].created_at)).toBeLessThan(Date.now() - 88 * DAY);
  });

  it('seeds once: a second call adds nothing', async () => {
    const { db } = env();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('irrigation_runs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await seedIrrigationDemo(db, Date.now())).toEqual({ seeded: false });
    expect(await count()).toBe(before);
  });
});
