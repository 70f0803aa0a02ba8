import { Worker } from 'node:worker_threads';
import type { RowBatch, TelemetryStore, WriteResult } from './store';

type Reply = { id: number; inserted: Uint8Array } | { id: number; error: string } | { ready: true } | { closed: true };

interface WriterThread {
  worker: Worker;
  waiting: Map<number, { resolve: (r: WriteResult) => void; reject: (e: Error) => void }>;
  dead: Error | null;
  onClosed: (() => void) | null;
}

/** Stores open per database file in this process (the demo history fill opens one beside the live one). */
const openStores = new Map<string, number>();

async function startWriter(file: string, tzName: string, sync: 'normal' | 'full'): Promise<WriterThread> {
  // Rollups waiting in a dead writer's memory are recomputed from raw rows by the next writer, unless
  // another store of this process is open on the file: rows waiting in its memory would count twice.
  // Left behind, they are recomputed at the next start (nothing above a series' mark is ever folded).
  const recover = (openStores.get(file) ?? 0) <= 1;
  const worker = new Worker(new URL('./sqliteWorkerBoot.mjs', import.meta.url), {
    workerData: { file, tzName, sync, recover },
  });
  const t: WriterThread = { worker, waiting: new Map(), dead: null, onClosed: null };
  await new Promise<void>((resolve, reject) => {
    const fail = (err: Error) => reject(new Error(`telemetry writer failed to start: ${err.message}`));
    worker.once('error', fail);
    worker.once('message', (m: Reply) => {
      worker.off('error', fail);
      if ('ready' in m) resolve();
      else reject(new Error('telemetry writer sent an unexpected first message'));
    });
  });
  const failAll = (err: Error) => {
    t.dead ??= err;
    for (const w of t.waiting.values()) w.reject(err);
    t.waiting.clear();
  };
  worker.on('message', (m: Reply) => {
    if ('closed' in m) return t.onClosed?.();
    if ('ready' in m) return;
    const w = t.waiting.get(m.id);
    if (!w) return;
    t.waiting.delete(m.id);
    if ('error' in m) w.reject(new Error(m.error));
    else w.resolve({ inserted: m.inserted });
  });
  worker.on('error', (err) => failAll(err));
  worker.on('exit', (code) => failAll(new Error(`telemetry writer exited (${code})`)));
  return t;
}

/**
 * SQLite store: batches go to a worker thread with its own connection, so commits (and their fsync)
 * never block the event loop that serves the broker and HTTP. A writer thread that dies is replaced on
 * the next write; the batcher retries the batch it lost (a transaction either committed or did not).
 */
export async function createSqliteStore(
  file: string,
  tzName: string,
  sync: 'normal' | 'full' = 'normal',
): Promise<TelemetryStore> {
  openStores.set(file, (openStores.get(file) ?? 0) + 1);
  let thread: WriterThread;
  try {
    thread = await startWriter(file, tzName, sync);
  } catch (err) {
    openStores.set(file, (openStores.get(file) ?? 1) - 1);
    throw err;
  }
  const checkpointer = new Worker(new URL('./sqliteWorkerBoot.mjs', import.meta.url), {
    workerData: { role: 'checkpoint', file, everyMs: 1000 },
  });
  checkpointer.on('error', () => {});
  let nextId = 1;
  let closing = false;
  const call = (t: WriterThread, message: object, transfer: ArrayBuffer[] = []) =>
    new Promise<WriteResult>((resolve, reject) => {
      const id = nextId++;
      t.waiting.set(id, { resolve, reject });
      t.worker.postMessage({ id, ...message }, transfer);
    });

  return {
    async write(batch: RowBatch) {
      if (thread.dead) {
        if (closing) throw thread.dead;
        thread = await startWriter(file, tzName, sync);
      }
      // Copies of the used part only; the batcher may still read its own columns after the commit.
      const cols = {
        ...batch,
        deviceId: batch.deviceId.slice(0, batch.n),
        keyIdx: batch.keyIdx.slice(0, batch.n),
        ts: batch.ts.slice(0, batch.n),
        value: batch.value.slice(0, batch.n),
      };
      return call(thread, { batch: cols }, [
        cols.deviceId.buffer,
        cols.keyIdx.buffer,
        cols.ts.buffer,
        cols.value.buffer,
      ]);
    },
    async flushRollups() {
      if (thread.dead) return;
      await call(thread, { flushRollups: true });
    },
    async close() {
      if (!closing) openStores.set(file, (openStores.get(file) ?? 1) - 1);
      closing = true;
      await new Promise<void>((resolve) => {
        checkpointer.once('message', function wait(m: Reply) {
          if ('closed' in m) resolve();
          else checkpointer.once('message', wait);
        });
        checkpointer.once('exit', () => resolve());
        checkpointer.postMessage({ close: true });
      });
      await checkpointer.terminate();
      const t = thread;
      if (t.dead) return;
      await new Promise<void>((resolve) => {
        t.onClosed = resolve;
        t.worker.postMessage({ close: true });
      });
      await t.worker.terminate();
    },
  };
}
