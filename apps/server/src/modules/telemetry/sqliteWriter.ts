import SQLite from 'better-sqlite3';
import { zoneClock } from './buckets';
import { aggregateBatch } from './rollup';
import { multiRow } from './sqliteMultiRow';
import { createRawRowWriter, StaleNewestTs } from './sqliteRawRows';
import { createRollupWriter } from './sqliteRollups';
import { type RowBatch, TOUCH_EVERY_MS } from './store';

/**
 * The synchronous SQLite write path of one batch: raw rows (duplicates ignored), then rollups and
 * latest values from the rows actually inserted, `devices.last_seen_at`, refusal counters; one
 * transaction. Runs on the ingest worker thread with its own connection to the WAL database.
 */
export function createSqliteWriter(
  file: string,
  tzName: string,
  sync: 'normal' | 'full' = 'normal',
  options: { recover?: boolean } = {},
) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // NORMAL (WAL): a commit is in the WAL before its PUBACK goes out, so an acknowledged reading survives a
  // killed process; FULL adds an fsync per commit and survives power loss too.
  db.pragma(`synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
  // Checkpoints (copying the WAL into the database, with their own fsyncs) run on a separate thread
  // (sqliteCheckpointer), never inside a commit that devices are waiting for.
  db.pragma('wal_autocheckpoint = 0');
  const clock = zoneClock(tzName);

  const raw = createRawRowWriter(db);
  const rollups = createRollupWriter(db, clock);
  // Rows that were waiting in memory when the previous writer died are folded before anything new. Not
  // while another writer of this process is open: rows waiting in its memory would be folded twice.
  if (options.recover !== false) rollups.recover();
  const upsertLatest = multiRow(
    db,
    'insert into device_latest (device_id, key, ts, value, prev_value, prev_ts)',
    6,
    `on conflict (device_id, key) do update set
       prev_value = case when excluded.prev_ts > device_latest.ts then excluded.prev_value else device_latest.value end,
       prev_ts = case when excluded.prev_ts > device_latest.ts then excluded.prev_ts else device_latest.ts end,
       value = excluded.value,
       ts = excluded.ts
     where excluded.ts > device_latest.ts`,
  );
  const upsertRefusal = db.prepare(
    `insert into ingest_refused (serial, reason, device_id, count, last_at) values (?, ?, ?, ?, ?)
     on conflict (serial, reason) do update set
       count = ingest_refused.count + excluded.count,
       last_at = excluded.last_at,
       device_id = coalesce(excluded.device_id, ingest_refused.device_id)`,
  );
  // last_seen_at to within a few seconds is all silence detection needs (minutes); rewriting hundreds of
  // device rows (and their index) on every batch is not.
  const touched = new Map<number, number>();
  const touchStatements = new Map<number, SQLite.Statement>();
  const touch = (ids: number[], now: number) => {
    if (ids.length === 0) return;
    let stmt = touchStatements.get(ids.length);
    if (!stmt) {
      stmt = db.prepare(`update devices set last_seen_at = ? where id in (${ids.map(() => '?').join(',')})`);
      if (touchStatements.size < 64) touchStatements.set(ids.length, stmt);
    }
    stmt.run(now, ...ids);
  };

  const writeTx = db.transaction((batch: RowBatch, guarded: boolean) => {
    const inserted = new Uint8Array(batch.n);
    const advanced = raw.write(batch, inserted, guarded);
    const agg = aggregateBatch(batch, inserted, clock);
    const plan = rollups.write(batch, inserted, agg, batch.deferRollups === true);
    upsertLatest.run(agg.latest.length, (i, p) => {
      const l = agg.latest[i];
      p.push(l.deviceId, l.key, l.ts, l.value, l.prevValue, l.prevValue === null ? null : l.prevTs);
    });
    const stale = batch.seenDeviceIds.filter((id) => batch.now - (touched.get(id) ?? 0) >= TOUCH_EVERY_MS);
    // chunks keep the parameter count far below SQLite's limit
    for (let i = 0; i < stale.length; i += 500) touch(stale.slice(i, i + 500), batch.now);
    for (const r of batch.refusals) upsertRefusal.run(r.serial, r.reason, r.deviceId, r.count, batch.now);
    return { inserted, stale, advanced, plan };
  });

  const writeOnce = (batch: RowBatch) => {
    try {
      return writeTx(batch, true);
    } catch (err) {
      if (!(err instanceof StaleNewestTs)) throw err;
      // rolled back; someone else stored rows of these series: write this batch row by row, relearn
      raw.forget();
      return writeTx(batch, false);
    }
  };

  return {
    write(batch: RowBatch): Uint8Array {
      const { inserted, stale, advanced, plan } = writeOnce(batch);
      // only once committed: a rolled-back touch must be retried with the next batch
      for (const id of stale) touched.set(id, batch.now);
      raw.committed(advanced);
      rollups.apply(plan);
      return inserted;
    },
    /** Writes the rollups still waiting in memory (when ingest goes idle, and before closing). */
    flushRollups: () => rollups.flushAll(),
    get pendingRollupSeries() {
      return rollups.pendingSeries;
    },
    close() {
      rollups.flushAll();
      db.close();
    },
  };
}
