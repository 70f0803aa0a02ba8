import { parentPort, workerData } from 'node:worker_threads';
import { createSqliteWriter } from './sqliteWriter';
import type { RowBatch } from './store';

/** Worker side of the SQLite store: writes each batch it is sent and answers with the inserted mask. */
const { file, tzName, sync } = workerData as { file: string; tzName: string; sync: 'normal' | 'full' };
const writer = createSqliteWriter(file, tzName, sync);
const port = parentPort!;

port.on('message', (msg: { id: number; batch: RowBatch } | { close: true }) => {
  if ('close' in msg) {
    writer.close();
    port.postMessage({ closed: true });
    return;
  }
  try {
    const inserted = writer.write(msg.batch);
    port.postMessage({ id: msg.id, inserted }, [inserted.buffer as ArrayBuffer]);
  } catch (err) {
    port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ ready: true });
