import { Worker } from 'node:worker_threads';
import type { RowBatch, TelemetryStore, WriteResult } from './store';

type Reply = { id: number; inserted: Uint8Array } | { id: number; error: string } | { ready: true } | { closed: true };

/**
 * SQLite store: batches go to a worker thread with its own connection, so commits (and their fsync)
 * never block the event loop that serves the broker and HTTP.
 */
export async function createSqliteStore(file: string, tzName: string): Promise<TelemetryStore> {
  const worker = new Worker(new URL('./sqliteWorkerBoot.mjs', import.meta.url), { workerData: { file, tzName } });
  const waiting = new Map<number, { resolve: (r: WriteResult) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  let onClosed: (() => void) | null = null;

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
    dead = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (m: Reply) => {
    if ('closed' in m) return onClosed?.();
    if ('ready' in m) return;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if ('error' in m) w.reject(new Error(m.error));
    else w.resolve({ inserted: m.inserted });
  });
  worker.on('error', (err) => failAll(err));
  worker.on('exit', (code) => failAll(new Error(`telemetry writer exited (${code})`)));

  return {
    write(batch: RowBatch) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        // Copies of the used part only; the batcher reuses its buffers.
        const cols = {
          ...batch,
          deviceId: batch.deviceId.slice(0, batch.n),
          keyIdx: batch.keyIdx.slice(0, batch.n),
          ts: batch.ts.slice(0, batch.n),
          value: batch.value.slice(0, batch.n),
        };
        worker.postMessage({ id, batch: cols }, [
          cols.deviceId.buffer,
          cols.keyIdx.buffer,
          cols.ts.buffer,
          cols.value.buffer,
        ]);
      });
    },
    async close() {
      if (dead) return;
      await new Promise<void>((resolve) => {
        onClosed = resolve;
        worker.postMessage({ close: true });
      });
      await worker.terminate();
    },
  };
}
