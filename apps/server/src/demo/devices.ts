import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeviceClass } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { generateSecret, hashSecret, verifySecret } from '../modules/devices/credentials';
import { DEMO_FARM_PARKS, ORCHARD_PARK } from './data';

/** The plaintext secrets of the demo devices, so the simulator can reconnect after a restart. */
export const DEMO_SECRETS_FILE = 'demo-devices.json';

export interface DemoDeviceEntry {
  deviceId: number;
  serial: string;
  secret: string;
  deviceClass: DeviceClass;
  model: string;
  lat?: number;
  lon?: number;
  reportIntervalMs: number;
}

const DEMO_SERIALS = new Set([...DEMO_FARM_PARKS, ORCHARD_PARK].flatMap((p) => p.devices.map((d) => d.serial)));

async function readSecrets(file: string): Promise<Record<string, string>> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { devices?: Record<string, string> };
    return parsed.devices && typeof parsed.devices === 'object' ? parsed.devices : {};
  } catch {
    return {};
  }
}

/**
 * Makes sure every demo device still registered has working credentials and that DATA_DIR holds their
 * plaintext (mode 0600). A secret from the file that no longer matches (regenerated in the console, or
 * a new database) is replaced. Only DEMO mode calls this: a real install never writes plaintext secrets.
 */
export async function ensureDemoDeviceSecrets(db: Db, dataDir: string): Promise<DemoDeviceEntry[]> {
  const file = join(dataDir, DEMO_SECRETS_FILE);
  const known = await readSecrets(file);
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'serial', 'device_class', 'model', 'secret_hash', 'latitude', 'longitude', 'report_interval_ms'])
    .where('serial', 'in', [...DEMO_SERIALS])
    .orderBy('id')
    .execute();
  const entries: DemoDeviceEntry[] = [];
  const secrets: Record<string, string> = {};
  for (const r of rows) {
    let secret = known[r.serial];
    if (!secret || !verifySecret(secret, r.secret_hash)) {
      secret = generateSecret();
      await db
        .updateTable('devices')
        .set({ secret_hash: hashSecret(secret) })
        .where('id', '=', r.id)
        .execute();
    }
    secrets[r.serial] = secret;
    entries.push({
      deviceId: r.id,
      serial: r.serial,
      secret,
      deviceClass: r.device_class as DeviceClass,
      model: r.model,
      ...(r.latitude !== null ? { lat: r.latitude } : {}),
      ...(r.longitude !== null ? { lon: r.longitude } : {}),
      reportIntervalMs: r.report_interval_ms,
    });
  }
  await mkdir(dataDir, { recursive: true });
  const tmp = `${file}.tmp`;
  const body = { note: 'Demo device secrets (DEMO mode only). Never used by a real install.', devices: secrets };
  await writeFile(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, file);
  return entries;
}
