/**
 * The storage side of ingest: one interface, an SQLite implementation (writes on a worker thread) and a
 * PostgreSQL one. A batch travels as columns (typed arrays), not one object per row.
 */
export interface RowBatch {
  /** Number of rows; the arrays may be longer (reused buffers). */
  n: number;
  deviceId: Int32Array;
  /** Index into `keys`. */
  keyIdx: Uint16Array;
  ts: Float64Array;
  value: Float64Array;
  keys: string[];
  /** Devices heard from in this batch (their `last_seen_at` becomes `now`). */
  seenDeviceIds: number[];
  now: number;
  /** Refused messages to add to the counters, by serial and reason. */
  refusals: RefusalCount[];
  /**
   * More messages were already waiting when this batch was sent (ingest under load): the store may keep
   * the batch's hourly and daily rollups in memory for a few batches (SQLite; see `flushRollups`).
   * Raw rows, latest values and everything else are committed with the batch regardless.
   */
  deferRollups?: boolean;
}

export interface RefusalCount {
  serial: string;
  deviceId: number | null;
  reason: string;
  count: number;
}

export interface WriteResult {
  /** 1 where the row was new, 0 where (device, key, ts) was already stored. */
  inserted: Uint8Array;
}

export interface TelemetryStore {
  /** Writes the batch in one transaction; resolves after commit. */
  write(batch: RowBatch): Promise<WriteResult>;
  /**
   * Writes the rollups still held in memory. The batcher calls it when a deferred batch turns out to be
   * the last one for now, before acknowledging it, so that idle ingest leaves the rollup tables exact.
   */
  flushRollups?(): Promise<void>;
  close(): Promise<void>;
}

/** `devices.last_seen_at` is rewritten at most this often per device: silence detection works in minutes. */
export const TOUCH_EVERY_MS = 5000;
