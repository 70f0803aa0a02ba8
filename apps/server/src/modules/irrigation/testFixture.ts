import type { DeviceClass, SmartRuleBody } from '@farmpark/contracts';
import type { VirtualDevice } from '@farmpark/simulator';
import type { Insertable } from 'kysely';
import { beforeAll } from 'vitest';
import type { IrrigationRunsTable } from '../../db/irrigationSchema';
import { createRuleEngine, type RuleEngine } from '../../rules/engine';
import { listen, provision, simulatedDevice, uniqueSerial, waitFor } from '../../test/devices';
import type { TestEnv } from '../../test/harness';
import { stopAfterAll } from '../../test/harness';
import { type AuthContext, resolveSession } from '../auth/sessions';
import { toRun } from './runRecord';
import { createIrrigation } from './runtime';

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
  const stop = stopAfterAll();

  async function machine(cls: MachineClass) {
    const { deviceId, device } = await simulatedDevice(
      env(),
      fx.demo,
      fx.tcpUrl,
      { prefix: `IR-${cls.slice(0, 4)}`, deviceClass: cls, groupId: fx.park, reportIntervalMs: 1_000 },
      500,
    );
    stop(() => device.stop());
    await waitFor(`${cls} online with readings`, async () => {
      const r = await env().db.selectFrom('device_latest').select('key').where('device_id', '=', deviceId).execute();
      return r.some((k) => k.key === 'totalWater');
    });
    return { deviceId, device };
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
  return fx;
}

/**
 * Lets a test machine's pump start runs of a few seconds one right after another (its own settings, as an
 * operator would set them): tests of programs and smart rules run short runs back to back.
 */
export async function quickPump(e: TestEnv, token: string, deviceId: number): Promise<void> {
  const res = await e.post(`${API}/alterMachineSettings`, token, {
    deviceId,
    minRunMin: 0,
    minRestMin: 0,
    maxStartsPerHour: 60,
  });
  if (res.code !== 0) throw new Error(`pump settings of ${deviceId} not saved: ${res.msg}`);
}

/** A rule engine and irrigation of their own on the test app's database and devices, on the given clock. */
export function irrigationRig(e: TestEnv, now: () => number = Date.now) {
  const engine = createRuleEngine({ db: e.db, registry: e.devices.registry, tz: e.config.tzName, now });
  const irr = createIrrigation({ db: e.db, commands: e.devices.commands, rules: engine, tz: e.config.tzName, now });
  return { engine, irr };
}

type RunColumns = Insertable<IrrigationRunsTable>;
/** A run row as the run service writes a manual one; a test gives what it looks at. */
export const manualRun = (
  r: Pick<RunColumns, 'merchant_id' | 'group_id' | 'device_id' | 'device_class' | 'state'> & Partial<RunColumns>,
): RunColumns => ({
  device_name: '',
  device_serial: '',
  trigger: 'manual',
  operator: 'demo',
  user_id: null,
  zones: '[1]',
  duration_min: 10,
  volume_m3: null,
  recipe: null,
  start_cmd_id: '',
  stop_cmd_id: null,
  active_key: null,
  created_at: Date.now(),
  water_start: null,
  water_m3: null,
  tanks_start: null,
  ...r,
});

/** A smart rule of the fixture's machine and soil sensor with no limits; a test sets what it exercises. */
export const smartRule = (fx: IrrigationFixture, r: Partial<SmartRuleBody>): SmartRuleBody => ({
  name: 'smart rule',
  machineId: fx.machines.si.deviceId,
  zones: [1],
  sensorId: fx.sensorId,
  sensorKey: 'soilMoisture20',
  startBelow: 25,
  stopAbove: 32,
  maxDurationMin: 30,
  restMin: 0,
  maxRunsPerDay: 0,
  maxWaterPerDayM3: 0,
  windows: [],
  rainMm: 0,
  rainHours: 24,
  enabled: true,
  mode: 'moisture',
  ...r,
});

/** A CSV export as the browser downloads it: refused with its status, else its lines without the BOM. */
export async function csvLines(e: TestEnv, url: string, token: string, query: Record<string, string>) {
  const res = await e.app.inject({ method: 'GET', url, query, headers: { AuthToken: token } });
  if (res.statusCode !== 200 || !/text\/csv/.test(String(res.headers['content-type']))) {
    throw new Error(`${url}: ${res.statusCode} ${res.headers['content-type']} ${res.body.slice(0, 200)}`);
  }
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
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
