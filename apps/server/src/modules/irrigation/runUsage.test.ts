import { beforeAll, expect, it } from 'vitest';
import { provision, uniqueSerial } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';
import * as repo from './repo';
import { createRunSupervisor } from './runSupervisor';
import { manualRun } from './testFixture';

/**
 * A run's water is measured between the meters at the machine's start ack and at its stop ack, from the
 * stored readings, whenever they are committed: the supervisor's tick may come after the run's first
 * reading, and the stop may be confirmed before any reading after it is stored.
 */
describeEachEngine('irrigation run usage', (env) => {
  let deviceId = 0;
  let park = 0;
  const T0 = 1_800_000_000_000;
  let now = T0;
  let announced = 0;

  beforeAll(async () => {
    const demo = await env().login('demo');
    park = env().ids.parks.farm[1];
    const p = await provision(env(), demo, {
      serial: uniqueSerial('RU-WF'),
      deviceClass: 'waterFertilizer',
      groupId: park,
      reportIntervalMs: 10_000,
    });
    deviceId = p.deviceId;
    await env().db.updateTable('devices').set({ online: 1 }).where('id', '=', deviceId).execute();
  });

  const supervisor = () =>
    createRunSupervisor({
      db: env().db,
      now: () => now,
      move: (r, from, set) => repo.updateRun(env().db, r.id, from, set),
      announce: async () => {
        announced += 1;
      },
    });

  async function reading(ts: number, totalWater: number, dosed1: number) {
    const db = env().db;
    const values = { totalWater, dosed1 };
    for (const [key, value] of Object.entries(values)) {
      await db.insertInto('telemetry').values({ device_id: deviceId, key, ts, value }).execute();
      await db.deleteFrom('device_latest').where('device_id', '=', deviceId).where('key', '=', key).execute();
      await db
        .insertInto('device_latest')
        .values({ device_id: deviceId, key, ts, value, prev_value: null, prev_ts: null })
        .execute();
    }
  }

  async function command(cmdId: string, ackedAt: number) {
    await env()
      .db.insertInto('commands')
      .values({
        cmd_id: cmdId,
        merchant_id: env().ids.merchant.farm,
        group_id: park,
        device_id: deviceId,
        device_class: 'waterFertilizer',
        device_serial: 'RU',
        device_name: 'RU',
        name: cmdId.startsWith('start') ? 'startIrrigation' : 'stopIrrigation',
        params: '{}',
        state: 'succeeded',
        source: 'manual',
        login_name: 'demo',
        created_at: ackedAt - 50,
        sent_at: ackedAt - 40,
        acked_at: ackedAt,
        ack_ok: 1,
      })
      .execute();
  }

  /** A run started at `t` whose stop the machine confirmed at `t + 20 s`, with no reading after the stop. */
  async function stoppedRun(t: number, tag: string) {
    await reading(t - 5_000, 100, 4); // idle before the start
    await command(`start-${tag}`, t);
    const id = await repo.insertRun(
      env().db,
      manualRun({
        merchant_id: env().ids.merchant.farm,
        group_id: park,
        device_id: deviceId,
        device_class: 'waterFertilizer',
        device_name: 'RU',
        device_serial: 'RU',
        duration_min: 30,
        state: 'starting',
        active_key: `ru-${tag}`,
        start_cmd_id: `start-${tag}`,
        created_at: t - 100,
        started_at: null,
        ended_at: null,
      }),
    );
    // The run's first reading is stored before the supervisor's first tick sees the start's ack.
    await reading(t + 10_000, 100.5, 4.2);
    now = t + 11_000;
    await supervisor().supervise();
    const running = await repo.runById(env().db, id);
    expect(running).toMatchObject({ state: 'running', water_start: 100, water_m3: 0 });
    await command(`stop-${tag}`, t + 20_000);
    await repo.updateRun(env().db, id, ['running'], { state: 'stopping', stop_cmd_id: `stop-${tag}` });
    now = t + 21_000;
    await supervisor().supervise();
    const stopped = await repo.runById(env().db, id);
    // Stopped at the ack; its usage so far is what was stored, to be settled.
    expect(stopped).toMatchObject({ state: 'stopped', ended_at: t + 20_000, water_m3: 0.5, usage_settled: 0 });
    return id;
  }

  it('settles a stopped run from the first reading after its stop, once stored', async () => {
    const id = await stoppedRun(T0, 'a');
    now = T0 + 25_000;
    await supervisor().supervise();
    expect(await repo.runById(env().db, id)).toMatchObject({ water_m3: 0.5, usage_settled: 0 });

    const before = announced;
    await reading(T0 + 22_000, 101.2, 4.6);
    await supervisor().supervise();
    const settled = await repo.runById(env().db, id);
    expect(settled).toMatchObject({ state: 'stopped', water_m3: 1.2, usage_settled: 1 });
    expect(JSON.parse(settled?.fertiliser ?? '{}')).toEqual({ tank1: 0.6 });
    expect(announced).toBe(before + 1);

    // Settled once: a later reading changes nothing.
    await reading(T0 + 40_000, 102, 5);
    await supervisor().supervise();
    expect(await repo.runById(env().db, id)).toMatchObject({ water_m3: 1.2, usage_settled: 1 });
  });

  it('keeps the last readings when none comes after the stop within the silence window', async () => {
    const t = T0 + 3_600_000;
    const id = await stoppedRun(t, 'b');
    now = t + 20_000 + 59_000;
    await supervisor().supervise();
    expect(await repo.runById(env().db, id)).toMatchObject({ usage_settled: 0 });
    now = t + 20_000 + 61_000;
    await supervisor().supervise();
    expect(await repo.runById(env().db, id)).toMatchObject({ state: 'stopped', water_m3: 0.5, usage_settled: 1 });
  });
});
