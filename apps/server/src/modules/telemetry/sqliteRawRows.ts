import type SQLite from 'better-sqlite3';
import { multiRow } from './sqliteMultiRow';
import type { RowBatch } from './store';

/** A multi-row insert skipped a row the guard took for new: the guard's memory was stale. */
export class StaleNewestTs extends Error {
  constructor() {
    super('telemetry writer: a row taken for new was already stored');
  }
}

/**
 * Raw rows with duplicates ignored, and the exact mask of rows that were new (the rollups fold only
 * those). A row newer than everything stored for its (device, key), and than the batch's earlier rows
 * of it, cannot be a duplicate: such rows, nearly all of them, go in multi-row statements. The others
 * (late readings, resends) go one at a time, and each one's change count says whether it was new.
 */
export function createRawRowWriter(db: SQLite.Database) {
  const insertOne = db.prepare(
    'insert into telemetry (device_id, key, ts, value) values (?, ?, ?, ?) on conflict do nothing',
  );
  // `or ignore` needs no statement journal (nothing in it can abort half-way); the change count still
  // proves that every row was new, or the batch is written again the slow way.
  const insertMany = multiRow(db, 'insert or ignore into telemetry (device_id, key, ts, value)', 4);
  // rows are keyed (device_id, ts, key): walk the device's newest rows back to this key's, which max()
  // could not find without reading every row of the device
  const storedMax = db
    .prepare('select ts from telemetry where device_id = ? and key = ? order by ts desc limit 1')
    .pluck();
  const keyIds = new Map<string, number>();
  /** Newest stored ts per series (device id * 65536 + key id): read once, then advanced after each commit. */
  const newest = new Map<number, number>();
  let fast = new Int32Array(1024);

  const keyId = (k: string) => {
    let id = keyIds.get(k);
    if (id === undefined) {
      id = keyIds.size;
      keyIds.set(k, id);
    }
    return id;
  };

  return {
    /**
     * Inserts the batch's rows inside the caller's transaction and fills `inserted`. Returns the series'
     * new newest timestamps, to hand to `committed` once the transaction has committed. With `guarded`
     * false every row goes the one-at-a-time way.
     */
    write(batch: RowBatch, inserted: Uint8Array, guarded: boolean): Map<number, number> {
      const kid = batch.keys.map(keyId);
      const key = (i: number) => batch.keys[batch.keyIdx[i]];
      const advanced = new Map<number, number>();
      if (fast.length < batch.n) fast = new Int32Array(batch.n);
      let nFast = 0;
      // rank of each batch key in SQLite's order (BINARY: code units, as JS compares these names)
      const keyRank = new Uint16Array(batch.keys.length);
      batch.keys
        .map((k, i) => [k, i] as const)
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .forEach(([, i], r) => {
          keyRank[i] = r;
        });
      const flushFast = () => {
        if (nFast === 0) return;
        // In primary-key order (device_id, ts, key): consecutive rows land on the same leaf page, so each
        // insert finds its place from the previous one's pages, still in the cache.
        const rows = fast.subarray(0, nFast).sort((a, b) => {
          const d = batch.deviceId[a] - batch.deviceId[b];
          if (d !== 0) return d;
          const t = batch.ts[a] - batch.ts[b];
          return t !== 0 ? t : keyRank[batch.keyIdx[a]] - keyRank[batch.keyIdx[b]];
        });
        const changes = insertMany.run(nFast, (j, p) => {
          const i = rows[j];
          p.push(batch.deviceId[i], key(i), batch.ts[i], batch.value[i]);
        });
        if (changes !== nFast) throw new StaleNewestTs();
        for (let j = 0; j < nFast; j++) inserted[rows[j]] = 1;
        nFast = 0;
      };
      for (let i = 0; i < batch.n; i++) {
        const deviceId = batch.deviceId[i];
        const sid = deviceId * 65536 + kid[batch.keyIdx[i]];
        const ts = batch.ts[i];
        let last = advanced.get(sid) ?? newest.get(sid);
        if (last === undefined) {
          last = (storedMax.get(deviceId, key(i)) as number | null) ?? Number.NEGATIVE_INFINITY;
          newest.set(sid, last);
        }
        if (ts > last) advanced.set(sid, ts);
        if (guarded && ts > last) {
          fast[nFast++] = i;
          continue;
        }
        // in batch order: an earlier new row of this series must be stored before a resend of it is tried
        flushFast();
        inserted[i] = insertOne.run(deviceId, key(i), ts, batch.value[i]).changes;
      }
      flushFast();
      return advanced;
    },
    committed(advanced: Map<number, number>) {
      for (const [sid, ts] of advanced) newest.set(sid, ts);
    },
    /** Rows may have been written behind the writer's back (an import): learn the newest ones again. */
    forget() {
      newest.clear();
    },
  };
}
