import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config';
import { connectDatabase } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import type { RowBatch } from './store';

/** A batch as the batcher hands it to a store; rows as [deviceId, keyIndex, ts, value]. */
export function rowBatch(keys: string[], rows: [number, number, number, number][], more?: Partial<RowBatch>): RowBatch {
  return {
    n: rows.length,
    deviceId: Int32Array.from(rows, (r) => r[0]),
    keyIdx: Uint16Array.from(rows, (r) => r[1]),
    ts: Float64Array.from(rows, (r) => r[2]),
    value: Float64Array.from(rows, (r) => r[3]),
    keys,
    seenDeviceIds: [],
    now: Date.now(),
    refusals: [],
    ...more,
  };
}

/** A migrated SQLite file in a directory of its own, for the writer tests; `remove` deletes both. */
export async function migratedSqliteFile(prefix: string): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  if (config.database.engine !== 'sqlite') throw new Error('expected SQLite');
  const db = connectDatabase(config.database);
  await migrateToLatest(db);
  await db.destroy();
  return { file: config.database.file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
