import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../../test/spawnServer';
import { api, login } from './servers';

/** What the restored install must answer the same: readings of one device, alarm rules, alarms of the park. */
async function answers(port: number, deviceId: number, groupId: number) {
  const a = api(port, await login(port));
  const day = 86_400_000;
  const now = Date.now();
  const readings = await a.get<{ total: number; list: { ts: number }[] }>(
    `/api/merchant/terminal/data/getParamDataList?deviceId=${deviceId}&keys=airTemp&startTime=${now - day}&endTime=${now + day}&pageNum=1&pageSize=5`,
  );
  const rules = await a.get<{ total: number }>(
    `/api/merchant/alarm/getAlarmRuleList?groupId=${groupId}&pageNum=1&pageSize=50`,
  );
  return { readings: readings.total, newest: readings.list.map((r) => r.ts), alarmRules: rules.total };
}

/**
 * The restore test of docs/OPERATIONS.md ("Backup and restore"): pg_dump of the running install, pg_restore into
 * a fresh database, a FarmPark process started on it, and the same questions answered the same way.
 */
export async function backupAndRestore(o: {
  pgBin: string;
  databaseUrl: string;
  livePort: number;
  deviceId: number;
  groupId: number;
  log: (s: string) => void;
}): Promise<{ same: boolean; before: unknown; after: unknown }> {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-backup-'));
  const dump = join(dir, 'farmpark.dump');
  const restoredUrl = new URL(o.databaseUrl);
  restoredUrl.pathname = `${restoredUrl.pathname}_restored`;
  const run = (bin: string, args: string[]) => {
    const r = spawnSync(join(o.pgBin, bin), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${bin} failed: ${r.stderr}`);
  };
  try {
    const before = await answers(o.livePort, o.deviceId, o.groupId);
    run('pg_dump', ['--format=custom', '--file', dump, o.databaseUrl]);
    const admin = new URL(o.databaseUrl);
    admin.pathname = '/postgres';
    run('createdb', ['--maintenance-db', admin.toString(), restoredUrl.pathname.slice(1)]);
    run('pg_restore', ['--no-owner', '--dbname', restoredUrl.toString(), dump]);
    const server = await spawnServer(join(dir, 'data'), { DATABASE_URL: restoredUrl.toString() });
    try {
      const after = await answers(server.port, o.deviceId, o.groupId);
      o.log(`restore: ${JSON.stringify(before)} before, ${JSON.stringify(after)} after`);
      return { same: JSON.stringify(before) === JSON.stringify(after) && before.readings > 0, before, after };
    } finally {
      await server.stop();
      run('dropdb', ['--maintenance-db', admin.toString(), '--force', restoredUrl.pathname.slice(1)]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
