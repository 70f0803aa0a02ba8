import type { DeviceRef } from '../devices/registry';
import type { RefusalCount, RowBatch, TelemetryStore } from './store';

export interface BatcherOptions {
  store: TelemetryStore;
  /** Flush as soon as this many rows wait (and no commit is running). */
  maxRows?: number;
  /** The longest a lone message waits for company before its batch is flushed. */
  maxDelayMs?: number;
  /** Called after each commit, before the waiting handlers resolve. Must not throw. */
  onCommitted?: (committed: CommittedBatch) => void;
  onStoreError?: (err: Error, attempt: number) => void;
}

/** A message's slice of the batch. */
export interface BatchMessage {
  ref: DeviceRef;
  first: number;
  count: number;
  /** The message's readings as validated (its rows are first..first+count-1, in this order). */
  readings: Reading[];
}

export interface CommittedBatch {
  batch: RowBatch;
  inserted: Uint8Array;
  messages: BatchMessage[];
  commitMs: number;
  /** When the batch's first message or refusal arrived. */
  since: number;
}

class Columns {
  n = 0;
  deviceId: Int32Array;
  keyIdx: Uint16Array;
  ts: Float64Array;
  value: Float64Array;
  keys: string[] = [];
  keyIndex = new Map<string, number>();
  seen = new Set<number>();
  /** When the first message or refusal of the batch arrived (0 while empty). */
  openedAt = 0;
  refusals = new Map<string, RefusalCount>();
  messages: BatchMessage[] = [];
  /** One promise for every message of the batch: a commit resolves hundreds of publishes in one call. */
  committed: Promise<void>;
  resolve!: () => void;

  /** `capacity`: the size the previous batch needed, so a busy batcher does not grow its columns every time. */
  constructor(capacity = 1024) {
    this.deviceId = new Int32Array(capacity);
    this.keyIdx = new Uint16Array(capacity);
    this.ts = new Float64Array(capacity);
    this.value = new Float64Array(capacity);
    this.committed = new Promise((r) => {
      this.resolve = r;
    });
  }

  ensure(extra: number) {
    const need = this.n + extra;
    if (need <= this.ts.length) return;
    let size = this.ts.length * 2;
    while (size < need) size *= 2;
    const grow = <T extends Int32Array | Uint16Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.deviceId = grow(this.deviceId, (s) => new Int32Array(s));
    this.keyIdx = grow(this.keyIdx, (s) => new Uint16Array(s));
    this.ts = grow(this.ts, (s) => new Float64Array(s));
    this.value = grow(this.value, (s) => new Float64Array(s));
  }

  key(k: string): number {
    let i = this.keyIndex.get(k);
    if (i === undefined) {
      i = this.keys.length;
      this.keys.push(k);
      this.keyIndex.set(k, i);
    }
    return i;
  }

  get empty() {
    return this.n === 0 && this.refusals.size === 0 && this.messages.length === 0;
  }
}

export interface Reading {
  ts: number;
  values: Record<string, number>;
}

/**
 * Collects rows from many messages and writes them in one transaction per flush. While a commit runs
 * the next batch fills, and is flushed the moment the commit ends (group commit): under load batches
 * grow by themselves and the number of fsyncs stays small; when idle a message waits at most maxDelayMs.
 */
export function createBatcher(options: BatcherOptions) {
  const maxRows = options.maxRows ?? 4000;
  const maxDelayMs = options.maxDelayMs ?? 4;
  let cur = new Columns();
  let inflight = false;
  let timer: NodeJS.Timeout | null = null;
  let idle: (() => void) | null = null;

  const schedule = () => {
    if (inflight) return;
    if (cur.n >= maxRows) return void flush();
    if (!timer) timer = setTimeout(flush, maxDelayMs);
  };

  async function writeWithRetry(batch: RowBatch) {
    // A failed commit is retried, never reported as done: the devices' publishes stay unacknowledged
    // until their readings are stored, however long the database is away.
    for (let attempt = 1; ; attempt++) {
      try {
        return await options.store.write(batch);
      } catch (err) {
        options.onStoreError?.(err as Error, attempt);
        await new Promise((r) => setTimeout(r, Math.min(5000, 50 * 2 ** attempt)));
      }
    }
  }

  /** `backlog`: the rows arrived while the previous commit ran (ingest under load). */
  async function flush(backlog = false) {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (inflight || cur.empty) return;
    inflight = true;
    const full = cur;
    cur = new Columns(full.ts.length);
    const batch: RowBatch = {
      n: full.n,
      deviceId: full.deviceId,
      keyIdx: full.keyIdx,
      ts: full.ts,
      value: full.value,
      keys: full.keys,
      seenDeviceIds: [...full.seen],
      now: Date.now(),
      refusals: [...full.refusals.values()],
      deferRollups: backlog,
    };
    const started = performance.now();
    const { inserted } = await writeWithRetry(batch);
    if (backlog && cur.empty && options.store.flushRollups) {
      // The load has stopped for now: the rollups held back go to the tables before this batch is
      // acknowledged, so idle ingest leaves them exact. Raw rows are already committed; a failure here
      // only leaves the rollups waiting for the next flush.
      await options.store.flushRollups().catch(() => {});
    }
    try {
      options.onCommitted?.({
        batch,
        inserted,
        messages: full.messages,
        commitMs: performance.now() - started,
        since: full.openedAt || batch.now,
      });
    } catch {
      // fan-out problems must never hold back acknowledgements
    }
    full.resolve();
    inflight = false;
    if (!cur.empty) void flush(true);
    else idle?.();
  }

  return {
    /** Resolves once the readings are committed. */
    add(ref: DeviceRef, readings: Reading[]): Promise<void> {
      let rows = 0;
      for (const r of readings) for (const _ in r.values) rows++;
      const c = cur;
      if (c.openedAt === 0) c.openedAt = Date.now();
      c.ensure(rows);
      const first = c.n;
      for (const r of readings) {
        for (const k in r.values) {
          const i = c.n++;
          c.deviceId[i] = ref.deviceId;
          c.keyIdx[i] = c.key(k);
          c.ts[i] = r.ts;
          c.value[i] = r.values[k];
        }
      }
      c.seen.add(ref.deviceId);
      c.messages.push({ ref, first, count: rows, readings });
      schedule();
      return c.committed;
    },
    /** Counted durably with the next batch; the refused message itself is not waited for. */
    refuse(serial: string, deviceId: number | null, reason: string) {
      const id = `${serial}\u0000${reason}`;
      const r = cur.refusals.get(id);
      if (r) r.count++;
      else cur.refusals.set(id, { serial, deviceId, reason, count: 1 });
      if (cur.openedAt === 0) cur.openedAt = Date.now();
      if (deviceId !== null) cur.seen.add(deviceId);
      schedule();
    },
    /** Writes whatever waits and resolves when nothing is in flight. */
    async drain(): Promise<void> {
      while (inflight || !cur.empty) {
        await new Promise<void>((r) => {
          idle = r;
          if (!inflight) void flush();
        });
        idle = null;
      }
    },
  };
}

export type Batcher = ReturnType<typeof createBatcher>;
