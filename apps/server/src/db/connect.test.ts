import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { connectDatabase } from './connect';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('a SQLite transaction that reads before it writes is not broken by another connection committing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-connect-'));
  dirs.push(dir);
  const file = join(dir, 'db.sqlite');
  const db = connectDatabase({ engine: 'sqlite', file });
  await sql`create table t (id integer primary key, v text)`.execute(db);
  // Another connection to the same WAL database, as the telemetry writer on its worker thread has.
  const other = new SQLite(file);
  other.pragma('busy_timeout = 0');
  let otherWrote = true;

  await db.transaction().execute(async (trx) => {
    await sql`select count(*) from t`.execute(trx);
    try {
      other.prepare('insert into t (v) values (?)').run('other');
    } catch {
      otherWrote = false; // it has to wait for our transaction: that is the point
    }
    await sql`insert into t (v) values ('mine')`.execute(trx);
  });

  const rows = await sql<{ v: string }>`select v from t order by id`.execute(db);
  expect(rows.rows.map((r) => r.v)).toContain('mine');
  expect(otherWrote).toBe(false);
  other.close();
  await db.destroy();
});
