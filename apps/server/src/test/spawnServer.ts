import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeviceClass } from '@farmpark/contracts';
import { loadConfig } from '../config';
import { connectDatabase, type Db } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../demo/seed';
import { hashSecret } from '../modules/devices/credentials';

/**
 * The real server as a child process on a throwaway SQLite database, for tests and benchmarks that
 * must kill it (SIGKILL) or measure it without sharing a process with the load.
 */
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export interface BenchDevice {
  id: number;
  serial: string;
  secret: string;
}

export interface PreparedData {
  dataDir: string;
  dbFile: string;
  merchantId: number;
  groupId: number;
  devices: BenchDevice[];
  remove(): void;
}

/**
 * A migrated, demo-seeded database plus `count` devices of one class with known secrets in the first demo park.
 * `env` may name another database (DATABASE_URL: the cluster harness and benchmarks on PostgreSQL).
 */
export async function prepareData(
  count: number,
  deviceClass: DeviceClass,
  prefix = 'BENCH',
  env: Record<string, string> = {},
): Promise<PreparedData> {
  const dataDir = mkdtempSync(join(tmpdir(), 'farmpark-spawn-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const db: Db = connectDatabase(config.database);
  await migrateToLatest(db);
  await seedDemo(db);
  const park = await db
    .selectFrom('groups')
    .innerJoin('merchants', 'merchants.id', 'groups.merchant_id')
    .select(['groups.id', 'groups.merchant_id'])
    .where('merchants.name', '=', 'Demo Farm')
    .orderBy('groups.id')
    .executeTakeFirstOrThrow();
  const devices: BenchDevice[] = [];
  for (let i = 0; i < count; i++) {
    const serial = `${prefix}-${String(i + 1).padStart(5, '0')}`;
    const secret = `secret-${serial}`;
    const row = await db
      .insertInto('devices')
      .values({
        merchant_id: park.merchant_id,
        group_id: park.id,
        serial,
        name: serial,
        device_class: deviceClass,
        secret_hash: hashSecret(secret),
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    devices.push({ id: row.id, serial, secret });
  }
  await db.destroy();
  return {
    dataDir,
    dbFile: config.database.engine === 'sqlite' ? config.database.file : '',
    merchantId: park.merchant_id,
    groupId: park.id,
    devices,
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export interface SpawnedServer {
  proc: ChildProcess;
  port: number;
  mqttPort: number;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for exit. */
  kill(): Promise<void>;
  output(): string;
}

/**
 * A server process on free ports. A free port is free when asked, not when the child listens: another process
 * started at the same moment (an end-to-end shard beside the cluster harness) can take it first, so a start
 * that finds a port it chose taken is tried again on new ones (a port the caller fixed is the caller's to change).
 */
export async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  for (let attempt = 1; ; attempt++) {
    const chosen = [await freePort(), await freePort()];
    try {
      return await spawnOnce(dataDir, env, chosen[0], chosen[1]);
    } catch (err) {
      const taken = Number(/EADDRINUSE[^\n]*:(\d+)/.exec((err as Error).message)?.[1]);
      const ours = [env.PORT === undefined && chosen[0], env.MQTT_PORT === undefined && chosen[1]];
      if (attempt >= 3 || !ours.includes(taken)) throw err;
    }
  }
}

async function spawnOnce(
  dataDir: string,
  env: Record<string, string>,
  port: number,
  mqttPort: number,
): Promise<SpawnedServer> {
  const proc = spawn(
    process.execPath,
    [...(process.env.FARMPARK_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        MQTT_PORT: String(mqttPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  proc.stdout?.on('data', (b) => {
    out += b;
  });
  proc.stderr?.on('data', (b) => {
    out += b;
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  await new Promise<void>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    const check = () => {
      if (out.includes('FarmPark console:')) {
        clearTimeout(timer);
        res();
      }
    };
    proc.stdout?.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`server exited with ${code} before it was ready:\n${out}`));
    });
  });
  return {
    proc,
    port,
    mqttPort,
    output: () => out,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}
