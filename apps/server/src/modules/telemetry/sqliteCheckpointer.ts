import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * Keeps the WAL short without stalling ingest: PASSIVE checkpoints every second on a thread of their
 * own (they run alongside the writer and never block it). Without them the writer's commits would
 * carry the checkpoints, and the WAL would grow without bound.
 */
const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new SQLite(file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const port = parentPort!;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or locked: the next tick tries again
  }
}, everyMs);
port.on('message', (msg: { close: true }) => {
  if (!msg.close) return;
  clearInterval(timer);
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
  db.close();
  port.postMessage({ closed: true });
});
port.postMessage({ ready: true });
