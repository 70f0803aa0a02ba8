import type { DeviceClass } from '@farmpark/contracts';
import type { VirtualDevice } from '@farmpark/simulator';
import { afterAll, beforeAll } from 'vitest';
import type { RuleEngine } from '../../rules/engine';
import { listen, provision, simDevice, uniqueSerial, waitFor } from '../../test/devices';
import type { TestEnv } from '../../test/harness';
import { type AuthContext, resolveSession } from '../auth/sessions';
import { toRun } from './runRecord';

/** Shared set-up of the irrigation tests: simulated machines of each class, a soil and a weather station. */

export const API = '/api/merchant/irrigation';

type MachineClass = 'waterFertilizer' | 'smartIrrigation' | 'irrigationController';

export interface IrrigationFixture {
  demo: string;
  auth: AuthContext;
  park: number;
  tcpUrl: string;
  machines: Record<'wf' | 'si' | 'ic', { deviceId: number; device: VirtualDevice }>;
  sensorId: number;
  stationId: number;
}

/** Registers the set-up and tear-down of one test file; the fields are filled before its first test. */
export function irrigationFixture(env: () => TestEnv): IrrigationFixture {
  const fx = { machines: {} } as IrrigationFixture;
  const stop: (() => Promise<unknown>)[] = [];

  async function machine(cls: MachineClass) {
    const serial = uniqueSerial(`IR-${cls.slice(0, 4)}`);
    const p = await provision(env(), fx.demo, { serial, deviceClass: cls, groupId: fx.park, reportIntervalMs: 1_000 });
    const device = await simDevice(fx.tcpUrl, { serial, secret: p.secret, deviceClass: cls }, 500);
    stop.push(() => device.stop());
    await waitFor(`${cls} online with readings`, async () => {
      const r = await env().db.selectFrom('device_latest').select('key').where('device_id', '=', p.deviceId).execute();
      return r.some((k) => k.key === 'totalWater');
    });
    return { deviceId: p.deviceId, device };
  }

  beforeAll(async () => {
    ({ tcpUrl: fx.tcpUrl } = await listen(env()));
    fx.demo = await env().login('demo');
    fx.auth = await resolveSession(env().db, fx.demo);
    fx.park = env().ids.parks.farm[1];
    fx.machines.wf = await machine('waterFertilizer');
    fx.machines.si = await machine('smartIrrigation');
    fx.machines.ic = await machine('irrigationController');
    const station = (serial: string, deviceClass: DeviceClass) =>
      provision(env(), fx.demo, { serial: uniqueSerial(serial), deviceClass, groupId: fx.park });
    fx.sensorId = (await station('IR-SOIL', 'soilStation')).deviceId;
    fx.stationId = (await station('IR-WS', 'weatherStation')).deviceId;
  }, 30_000);
  afterAll(async () => {
    for (const s of stop.reverse()) await s();
  });
  return fx;
}

// Straight from the database: polling the API this often would hit its rate limit (1604).
export const runOf = async (e: TestEnv, runId: number) =>
  toRun(await e.db.selectFrom('irrigation_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow());

export const pause = () => new Promise((r) => setTimeout(r, 200));

/** Ticks the app's rule job until the run reaches one of `states`. */
export const until = (e: TestEnv, runId: number, states: string[], ms = 8_000) =>
  waitFor(
    `run ${runId} ${states.join('/')}`,
    async () => {
      await pause();
      await e.rules.tick();
      const r = await runOf(e, runId);
      return states.includes(r.state) ? r : undefined;
    },
    ms,
  );

/**
 * A soil reading as ingest leaves it: the sensor's latest value written, then the committed batch
 * handed to the rule engine (smart rules judge only a fresh reading).
 */
export async function soilReading(
  e: TestEnv,
  engine: Pick<RuleEngine, 'onCommitted' | 'idle'>,
  r: { deviceId: number; key: string; ts: number; value: number },
) {
  await e.db.deleteFrom('device_latest').where('device_id', '=', r.deviceId).where('key', '=', r.key).execute();
  await e.db
    .insertInto('device_latest')
    .values({ device_id: r.deviceId, key: r.key, ts: r.ts, value: r.value, prev_value: null, prev_ts: null })
    .execute();
  engine.onCommitted({
    deviceIds: [r.deviceId],
    readings: [{ deviceId: r.deviceId, ts: r.ts, values: { [r.key]: r.value } }],
  });
  await engine.idle();
}

/** A moment as HH:mm in a zone (program start times and rule windows are local times). */
export const hhmmIn = (tz: string, ts: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ts);
