import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import SQLite from 'better-sqlite3';
import { freePort } from '../apps/server/src/test/spawnServer';
import { connectAll, runLoad, WEATHER_KEYS } from './ingestLoad';

/** This machine's ceiling for raw inserts: the telemetry table alone, big transactions, same pragmas. */
export async function rawSqliteRowsPerSecond(seconds: number, sync: 'normal' | 'full' = 'normal'): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-rawsqlite-'));
  const db = new SQLite(join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
  db.exec(
    'create table telemetry (device_id integer not null, key text not null, ts bigint not null, value real not null, primary key (device_id, key, ts)) without rowid',
  );
  const ins = db.prepare('insert into telemetry values (?, ?, ?, ?) on conflict do nothing');
  const batch = db.transaction((from: number) => {
    for (let i = from; i < from + 5000; i++)
      ins.run(i % 200, WEATHER_KEYS[i % 8], Math.floor(i / 1600) * 1000, i * 0.5);
  });
  let rows = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    batch(rows);
    rows += 5000;
  }
  const rate = rows / ((performance.now() - start) / 1000);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return Math.round(rate);
}

/** This machine's ceiling for the broker alone: a bare Aedes, QoS 1, no auth, no storage, same load shape. */
export async function rawBrokerMessagesPerSecond(seconds: number, devices: number, window: number): Promise<number> {
  const aedes = await Aedes.createBroker();
  const port = await freePort();
  const server = createServer((s) => aedes.handle(s));
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const list = Array.from({ length: devices }, (_, i) => ({ serial: `RAW-${i}`, secret: 'x' }));
  const connected = await connectAll(list, '127.0.0.1', port);
  const load = await runLoad({
    devices: list,
    connected,
    host: '127.0.0.1',
    port,
    rate: 1e9, // as fast as acknowledgements allow
    seconds,
    window,
    firstTs: Date.now(),
    stepMs: 1000,
  });
  for (const c of connected) c.destroy();
  await new Promise<void>((r) => server.close(() => r()));
  await new Promise<void>((r) => aedes.close(() => r()));
  return Math.round(load.acked / load.seconds);
}
