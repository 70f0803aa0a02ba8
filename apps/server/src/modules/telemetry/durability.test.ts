import SQLite from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { type PreparedData, prepareData } from '../../test/prepareData';
import { RawDevice } from '../../test/rawDevice';
import { type SpawnedServer, spawnServer } from '../../test/spawnServer';

const KEYS = [
  'airTemp',
  'airHumidity',
  'dewPoint',
  'airPressure',
  'windSpeed',
  'windDirection',
  'rainfall',
  'illuminance',
];
const valuesAt = (i: number) => [20 + (i % 10), 50 + (i % 40), 10, 1000, i % 20, i % 360, 0, 1000 + i];

let data: PreparedData | undefined;
let server: SpawnedServer | undefined;
afterAll(async () => {
  await server?.stop();
  data?.remove();
});

it('loses no acknowledged reading when the server is killed with SIGKILL during ingest', async () => {
  data = await prepareData(8, 'weatherStation', 'KILL');
  server = await spawnServer(data.dataDir);
  const devices = await Promise.all(
    data.devices.map((d) => RawDevice.connect('127.0.0.1', (server as SpawnedServer).mqttPort, d.serial, d.secret)),
  );
  const t0 = Date.now() - 86_400_000;
  const acked = new Map<string, number[]>();
  let stop = false;
  const pumps = devices.map(async (dev) => {
    const mine: number[] = [];
    acked.set(dev.serial, mine);
    let seq = 0;
    const inflight = new Set<Promise<void>>();
    while (!stop && !dev.closed) {
      const ts = t0 + seq * 1000;
      const vals = valuesAt(seq++);
      const payload = Buffer.from(
        JSON.stringify({ readings: [{ ts, values: Object.fromEntries(KEYS.map((k, i) => [k, vals[i]])) }] }),
      );
      const p = dev.publish(`dev/${dev.serial}/up/telemetry`, payload).then(
        () => void mine.push(ts),
        () => {},
      );
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      if (inflight.size >= 40) await Promise.race(inflight);
    }
    await Promise.allSettled(inflight);
  });

  // kill once a good number of publishes have been acknowledged, while the rest are in flight
  const deadline = Date.now() + 20_000;
  while ([...acked.values()].reduce((n, a) => n + a.length, 0) < 1500 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await server.kill();
  stop = true;
  await Promise.all(pumps);
  for (const d of devices) d.destroy();
  const ackedCount = [...acked.values()].reduce((n, a) => n + a.length, 0);
  expect(ackedCount).toBeGreaterThanOrEqual(1500);

  // the restarted server recovers the database; then every acknowledged reading must be there, whole
  server = await spawnServer(data.dataDir);
  await server.stop();
  const db = new SQLite(data.dbFile, { readonly: true });
  const stored = db.prepare(
    'select count(*) as n from telemetry t join devices d on d.id = t.device_id where d.serial = ? and t.ts = ?',
  );
  let missing = 0;
  for (const [serial, list] of acked) {
    for (const ts of list) if ((stored.get(serial, ts) as { n: number }).n !== KEYS.length) missing++;
  }
  const total = (db.prepare('select count(*) as n from telemetry').get() as { n: number }).n;
  db.close();
  expect(missing).toBe(0);
  expect(total).toBeGreaterThanOrEqual(ackedCount * KEYS.length);
}, 120_000);
