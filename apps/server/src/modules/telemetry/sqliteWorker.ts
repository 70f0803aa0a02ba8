import { parentPort, workerData } from 'node:worker_threads';
import { createSqliteWriter } from './sqliteWriter';
import type { RowBatch } from './store';

/** Worker side of the SQLite store: writes each batch it is sent and answers with the inserted mask. */
const { file, tzName, sync, recover } = workerData as {
  file: string;
  tzName: string;
  sync: 'normal' | 'full';
  recover: boolean;
};
const writer = createSqliteWriter(file, tzName, sync, { recover });
const port = parentPort!;

port.on('message', (msg: { id: number; batch: RowBatch } | { id: number; flushRollups: true } | { close: true }) => {
  if ('close' in msg) {
    writer.close();
    port.postMessage({ closed: true });
    return;
  }
  if ('flushRollups' in msg) {
    try {
      writer.flushRollups();
      port.postMessage({ id: msg.id, inserted: new Uint8Array(0) });
    } catch (err) {
      port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
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
