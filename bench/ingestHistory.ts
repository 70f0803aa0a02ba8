import SQLite from 'better-sqlite3';

/**
 * Gives a benchmark database what one in service has: `days` days of hourly and daily rollup buckets per
 * (device, key) before `until`. In a new database each rollup table is a few pages; in service the
 * bucket of the current hour or day of each series sits on a page of its own among that series' older
 * buckets, so every write of a bucket rewrites a page per series.
 */
export function fillRollupHistory(
  dbFile: string,
  deviceIds: number[],
  keys: readonly string[],
  days: number,
  until: number,
) {
  if (days <= 0) return;
  const db = new SQLite(dbFile);
  try {
    const insert = (table: string) =>
      db.prepare(
        `insert into ${table} (device_id, key, bucket, min, max, sum, count, last, last_ts) values (?, ?, ?, 1, 1, 1, 1, 1, ?)`,
      );
    const hourly = insert('telemetry_hourly');
    const daily = insert('telemetry_daily');
    const first = Math.floor(until / 86_400_000) * 86_400_000 - days * 86_400_000;
    db.transaction(() => {
      for (const d of deviceIds)
        for (const k of keys) {
          for (let h = first; h < first + days * 86_400_000; h += 3_600_000) hourly.run(d, k, h, h);
          for (let day = first; day < first + days * 86_400_000; day += 86_400_000) daily.run(d, k, day, day);
        }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
