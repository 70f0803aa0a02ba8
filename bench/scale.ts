import pg from 'pg';
import { api, login } from '../apps/server/src/cluster/harness/servers';
import { connectDatabase, type Db } from '../apps/server/src/db/connect';
import { maintainTelemetryPartitions, PARTITION_MS } from '../apps/server/src/modules/telemetry/partitionsRepo';
import { freshPgDatabase } from '../apps/server/src/test/pgDatabase';
import { prepareData } from '../apps/server/src/test/prepareData';
import { type SpawnedServer, spawnServer } from '../apps/server/src/test/spawnServer';
import { log, numericArgs } from './args';
import { percentile, runLoad, WEATHER_KEYS } from './ingestLoad';

/**
 * bench:scale -- [--seconds N] [--rate R] [--devices D] [--rows M]
 * On PostgreSQL: the same QoS 1 load (D weather stations, 8 values a message, R messages/s for N s) through
 * Mosquitto into one server process, then into two processes sharing `$share/farmpark/...`; then the
 * year chart (getSeries over a year, auto interval) of a device with M raw rows (generate_series).
 * `messagesPerSecond` counts acknowledged messages over the time until the last of them was stored (the
 * device's PUBACK comes from the broker, so the stored time is what measures the servers); `p99AckMs` is the
 * device's PUBACK. Prints one JSON object as its last line.
 */
const args = numericArgs({ seconds: 20, rate: 3000, devices: 100, rows: 10_000_000 });
const DAY = 86_400_000;

interface Services {
  MOSQUITTO_CLUSTER_CONF: string;
  startPostgres(): Promise<{ url: string; stop(): void }>;
  startMosquitto(extra: string): Promise<{ url: string; stop(): void }>;
}

async function stored(db: Db, ids: number[], since: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('telemetry')
    .select(['device_id', 'ts'])
    .where('key', '=', 'illuminance')
    .where('device_id', 'in', ids)
    .where('ts', '>=', since)
    .execute();
  return new Set(rows.map((r) => `${r.device_id}:${r.ts}`));
}

/** One scenario: `processes` servers behind a fresh Mosquitto on a fresh database. */
async function ingest(services: Services, adminUrl: string, processes: number) {
  const mq = await services.startMosquitto(services.MOSQUITTO_CLUSTER_CONF); // fresh: no earlier scenario's sessions
  const { url: databaseUrl } = await freshPgDatabase(adminUrl, `farmpark_scale_${processes}_${Date.now()}`);
  const devices = args.devices;
  const data = await prepareData(devices, 'weatherStation', 'SCALE', { DATABASE_URL: databaseUrl });
  const servers: SpawnedServer[] = [];
  for (let i = 0; i < processes; i++)
    servers.push(await spawnServer(`${data.dataDir}/p${i}`, { DATABASE_URL: databaseUrl, MQTT_URL: mq.url }));
  const db = connectDatabase({ engine: 'postgres', url: databaseUrl });
  try {
    const broker = new URL(mq.url);
    const firstTs = Date.now() - DAY;
    const t0 = performance.now();
    const load = await runLoad({
      devices: data.devices,
      host: broker.hostname,
      port: Number(broker.port),
      rate: args.rate,
      seconds: args.seconds,
      window: 20,
      firstTs,
      stepMs: 1000,
      keepAcked: true,
    });
    const ids = data.devices.map((d) => d.id);
    const acked = load.ackedTs.reduce((n, l) => n + l.length, 0);
    let have = await stored(db, ids, firstTs);
    const deadline = Date.now() + 120_000;
    while (have.size < acked && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      have = await stored(db, ids, firstTs);
    }
    const storedSeconds = (performance.now() - t0) / 1000;
    let lost = 0;
    load.ackedTs.forEach((list, i) => {
      for (const ts of list) if (!have.has(`${ids[i]}:${ts}`)) lost++;
    });
    const r = {
      messagesPerSecond: Math.round(acked / storedSeconds),
      p99AckMs: Math.round(percentile(load.latencies, 99) * 10) / 10,
      lost,
      acked,
      failed: load.failed,
    };
    log(`${processes} process(es): ${JSON.stringify(r)}`);
    return r;
  } finally {
    for (const s of servers) await s.stop();
    await db.destroy();
    data.remove();
    mq.stop();
  }
}

/** A year of one device's readings, `rows` raw rows over WEATHER_KEYS, with their daily rollups; then the chart. */
async function yearChart(adminUrl: string): Promise<number> {
  const { url: databaseUrl } = await freshPgDatabase(adminUrl, `farmpark_year_${Date.now()}`);
  const data = await prepareData(1, 'weatherStation', 'YEAR', { DATABASE_URL: databaseUrl });
  const db = connectDatabase({ engine: 'postgres', url: databaseUrl });
  const server = await spawnServer(`${data.dataDir}/p`, { DATABASE_URL: databaseUrl });
  try {
    const device = data.devices[0].id;
    const end = Date.now();
    const start = end - 365 * DAY;
    const perKey = Math.floor(args.rows / WEATHER_KEYS.length);
    const step = Math.floor((end - start) / perKey);
    // one row per 30-day period first, so the maintenance makes the partitions the bulk insert then fills
    for (let t = start; t < end + PARTITION_MS; t += PARTITION_MS)
      await db.insertInto('telemetry').values({ device_id: device, key: 'seed', ts: t, value: 0 }).execute();
    await maintainTelemetryPartitions(db, { retentionDays: 0, now: end });
    await db.deleteFrom('telemetry').where('key', '=', 'seed').execute();
    const t0 = performance.now();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `insert into telemetry (device_id, key, ts, value)
      select $1, k, $2::bigint + g * $3::bigint, 15 + 10 * sin(g / 500.0)
      from generate_series(0, $4) g, unnest($5::text[]) k`,
      [device, start, step, perKey - 1, WEATHER_KEYS],
    );
    await client.query(
      `insert into telemetry_daily (device_id, key, bucket, min, max, sum, count, last, last_ts)
      select device_id, key, bucket, min(value), max(value), sum(value), count(*),
        (array_agg(value order by ts desc))[1], max(ts)
      from (select device_id, key, ts, value, (extract(epoch from date_trunc('day', to_timestamp(ts / 1000.0)
        at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai') * 1000)::bigint as bucket
        from telemetry where device_id = $1) r
      group by device_id, key, bucket`,
      [device],
    );
    await client.query('analyze telemetry');
    await client.end();
    log(
      `year data: ${perKey * WEATHER_KEYS.length} rows and their daily rollups in ${Math.round(performance.now() - t0)} ms`,
    );
    const a = api(server.port, await login(server.port));
    const q = `/api/merchant/terminal/data/getSeries?deviceIds=${device}&keys=airTemp,airHumidity&startTime=${start}&endTime=${end}&interval=auto`;
    await a.get(q); // warm the connection and the plan
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await a.get(q);
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    return Math.round(times[2] * 10) / 10;
  } finally {
    await server.stop();
    await db.destroy();
    data.remove();
  }
}

async function main() {
  const servicesPath = new URL('../scripts/lib/services.mjs', import.meta.url).href;
  const services = (await import(servicesPath)) as Services;
  const pgServer = await services.startPostgres();
  process.once('SIGTERM', () => {
    pgServer.stop();
    process.exit(143);
  });
  try {
    const oneProcess = await ingest(services, pgServer.url, 1);
    const twoProcesses = await ingest(services, pgServer.url, 2);
    const yearChartMs = await yearChart(pgServer.url);
    const ratio = Math.round((twoProcesses.messagesPerSecond / oneProcess.messagesPerSecond) * 100) / 100;
    process.stdout.write(
      `${JSON.stringify({ bench: 'scale', oneProcess, twoProcesses, ratio, yearChartMs, yearChartRows: args.rows })}\n`,
    );
  } finally {
    pgServer.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:scale failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
