import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Envelope } from '@farmpark/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { connectDatabase, type Db, type Engine } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { DEMO_PASSWORD } from '../demo/data';
import { seedDemo } from '../demo/seed';
import type { RegisteredRoute } from '../http/routeGuard';
import type { Alarms } from '../modules/alarms/runtime';
import { createDeviceRegistry } from '../modules/devices/registry';
import type { DevicesRuntime } from '../modules/devices/runtime';
import { startTelemetry, type TelemetryRuntime } from '../modules/telemetry/runtime';
import type { Recorder } from '../modules/video/recorder';
import { createBroker, type MqttBroker } from '../mqtt/broker';
import { createDeviceMessageBus, type DeviceMessageBus } from '../mqtt/deviceMessages';
import type { RuleEngine } from '../rules/engine';
import { freshPgDatabase } from './pgDatabase';

/** SQLite always; PostgreSQL too when the test script provides a throwaway cluster. */
export const engines: Engine[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export interface DemoIds {
  merchant: { farm: number; orchard: number };
  parks: { farm: number[]; orchard: number };
  screens: { farm: number; orchard: number };
  devices: { farm: number; orchard: number };
  users: { demo: number; operator: number; demo2: number };
}

export interface TestEnv {
  engine: Engine;
  config: Config;
  db: Db;
  broker: MqttBroker;
  /** Device messages from the embedded broker land here; telemetry is ingested for real. */
  bus: DeviceMessageBus;
  telemetry: TelemetryRuntime;
  /** Device status and commands, to drive their jobs directly. */
  devices: DevicesRuntime;
  /** The rule engine and alarms, to run their timer job directly. */
  rules: RuleEngine;
  alarms: Alarms;
  /** Recording around the clock: tests drive its rounds (`tick`) themselves. */
  recorder: Recorder;
  app: FastifyInstance;
  routes: RegisteredRoute[];
  ids: DemoIds;
  /** Logs in (form-encoded, like the console) and returns the token; throws on a non-zero code. */
  login(loginName: string, password?: string): Promise<string>;
  call<T = unknown>(opts: InjectOptions & { token?: string }): Promise<Envelope<T> & { status: number }>;
  get<T = unknown>(
    url: string,
    token?: string,
    query?: Record<string, string>,
  ): Promise<Envelope<T> & { status: number }>;
  /** JSON body unless `form` is set. */
  post<T = unknown>(
    url: string,
    token: string | undefined,
    body: object,
    form?: boolean,
  ): Promise<Envelope<T> & { status: number }>;
}

async function createDatabase(
  engine: Engine,
  dataDir: string,
  env: Record<string, string>,
): Promise<{ db: Db; config: Config; drop: () => Promise<void> }> {
  const base = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web-dist'), ...env };
  // Copies of the run's migrated and seeded templates (test/globalSetup.ts) when there are some.
  if (engine === 'sqlite') {
    const config = loadConfig(base);
    const template = inject('sqliteTemplate');
    if (template && config.database.engine === 'sqlite') {
      mkdirSync(dirname(config.database.file), { recursive: true });
      copyFileSync(template, config.database.file);
    }
    return { db: connectDatabase(config.database), config, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `farmpark_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const { url, drop } = await freshPgDatabase(adminUrl, name, inject('postgresTemplate') || undefined);
  const config = loadConfig({ ...base, DATABASE_URL: url });
  return { db: connectDatabase(config.database), config, drop };
}

async function demoIds(db: Db): Promise<DemoIds> {
  const merchants = await db.selectFrom('merchants').select(['id', 'name']).orderBy('id').execute();
  const farm = merchants.find((m) => m.name === 'Demo Farm')!.id;
  const orchard = merchants.find((m) => m.name === 'Green Valley Orchard')!.id;
  const groups = await db.selectFrom('groups').select(['id', 'merchant_id']).orderBy('id').execute();
  const screens = await db.selectFrom('screens').select(['id', 'merchant_id']).orderBy('id').execute();
  const devices = await db.selectFrom('devices').select(['id', 'merchant_id']).orderBy('id').execute();
  const users = await db.selectFrom('users').select(['id', 'login_name']).execute();
  const user = (n: string) => users.find((u) => u.login_name === n)!.id;
  return {
    merchant: { farm, orchard },
    parks: {
      farm: groups.filter((g) => g.merchant_id === farm).map((g) => g.id),
      orchard: groups.find((g) => g.merchant_id === orchard)!.id,
    },
    screens: {
      farm: screens.find((s) => s.merchant_id === farm)!.id,
      orchard: screens.find((s) => s.merchant_id === orchard)!.id,
    },
    devices: {
      farm: devices.find((d) => d.merchant_id === farm)!.id,
      orchard: devices.find((d) => d.merchant_id === orchard)!.id,
    },
    users: { demo: user('demo'), operator: user('operator'), demo2: user('demo2') },
  };
}

/** A fresh migrated and demo-seeded database with its app, for one engine (migrating and seeding are
 * no-ops on a copy of the run's template). */
export async function createTestEnv(
  engine: Engine,
  /** Extra environment variables for loadConfig (e.g. WEB_DIST). */
  env: Record<string, string> = {},
  /** Where the app logs (with LOG_LEVEL in `env`): a test reads what the server wrote. */
  logStream?: NodeJS.WritableStream,
): Promise<TestEnv & { close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'farmpark-test-'));
  const { db, config, drop } = await createDatabase(engine, dataDir, env);
  await migrateToLatest(db);
  await seedDemo(db);
  const bus = createDeviceMessageBus();
  const broker = await createBroker({ db, log: pino({ level: 'silent' }), bus });
  const registry = createDeviceRegistry(db);
  const telemetry = await startTelemetry({ config, db, bus, registry, publish: broker.publish });
  const { app, routes, devices, rules, alarms, recorder } = await buildApp({
    config,
    db,
    broker,
    telemetry,
    registry,
    bus,
    logStream,
  });
  await app.ready();

  const call: TestEnv['call'] = async ({ token, headers, ...opts }) => {
    const res = await app.inject({ ...opts, headers: { ...(token ? { AuthToken: token } : {}), ...headers } });
    return { ...res.json(), status: res.statusCode };
  };
  const testEnv: TestEnv = {
    engine,
    config,
    db,
    broker,
    bus,
    telemetry,
    devices,
    rules,
    alarms,
    recorder,
    app,
    routes,
    ids: await demoIds(db),
    call,
    get: (url, token, query) => call({ method: 'GET', url, query, token }),
    post: (url, token, body, form) =>
      form
        ? call({
            method: 'POST',
            url,
            token,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(body as Record<string, string>).toString(),
          })
        : call({ method: 'POST', url, token, payload: body as Record<string, unknown> }),
    async login(loginName, password = DEMO_PASSWORD) {
      const res = await testEnv.post<string>(
        '/api/merchant/login/loginByPassword',
        undefined,
        { loginName, loginPwd: password },
        true,
      );
      if (res.code !== 0) throw new Error(`login ${loginName} failed: ${res.code} ${res.msg}`);
      return res.data;
    },
  };
  return {
    ...testEnv,
    async close() {
      await app.close();
      await broker.close();
      await telemetry.close();
      await db.destroy();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `describe` once per engine with a fresh environment shared by that block's tests (`vars`: see createTestEnv). */
export function describeEachEngine(
  title: string,
  body: (env: () => TestEnv) => void,
  vars: Record<string, string> = {},
): void {
  describe.each(engines)(`${title} [%s]`, (engine) => {
    let env: (TestEnv & { close: () => Promise<void> }) | undefined;
    beforeAll(async () => {
      env = await createTestEnv(engine, vars);
    });
    afterAll(async () => {
      await env?.close();
    });
    body(() => {
      if (!env) throw new Error('test environment not ready');
      return env;
    });
  });
}

/** What to stop after the block's tests (simulated devices, connections), last started first. */
export function stopAfterAll(): (stop: () => Promise<unknown>) => void {
  const stops: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const s of stops.reverse()) await s();
  });
  return (stop) => {
    stops.push(stop);
  };
}

/** Signs these demo users in before the block's tests (call inside describeEachEngine): their tokens by name. */
export function signedIn<N extends string>(env: () => TestEnv, ...names: N[]): Record<N, string> {
  const tokens = {} as Record<N, string>;
  beforeAll(async () => {
    const list = await Promise.all(names.map((n) => env().login(n)));
    names.forEach((n, i) => {
      tokens[n] = list[i];
    });
  });
  return tokens;
}
