import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceClass } from '@farmpark/contracts';
import { loadConfig } from '../config';
import { connectDatabase, type Db } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../demo/seed';
import { hashSecret } from '../modules/devices/credentials';
import { insertDevice } from '../modules/devices/repo';

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
    const id = await insertDevice(db, {
      merchant_id: park.merchant_id,
      group_id: park.id,
      serial,
      name: serial,
      device_class: deviceClass,
      secret_hash: hashSecret(secret),
      created_at: Date.now(),
    });
    devices.push({ id, serial, secret });
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
