import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { createSqliteWriter } from '../apps/server/src/modules/telemetry/sqliteWriter';
import type { RowBatch } from '../apps/server/src/modules/telemetry/store';
import { prepareData } from '../apps/server/src/test/prepareData';
import { fillRollupHistory } from './ingestHistory';
import { runBench, WEATHER_KEYS } from './ingestLoad';

/**
 * bench:ingest-wal -- [--devices D] [--batches B] [--messages M] [--history-days H] [--page-size P] [--defer]
 *   [--raw-key device-key-ts|device-ts-key]
 * The SQLite writer alone (no broker, no checkpoints) on a migrated database: B batches of M messages
 * (8 values each, spread over D devices like bench:ingest), then the WAL's frames are read back and each
 * frame is charged to the table or index its page belongs to. Unlike latency, this does not depend on
 * what else runs on the machine: it says how many bytes of WAL a message costs, and where they go.
 * `--history-days` first fills the rollup tables with that many days of hourly and daily buckets per
 * series, as a database in service has (a bucket of the current hour then sits on a page of its own).
 */
const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '200' },
    batches: { type: 'string', default: '60' },
    messages: { type: 'string', default: '950' },
    'history-days': { type: 'string', default: '0' },
    'page-size': { type: 'string', default: '0' },
    /** Batches as ingest sends them under load: rollups may wait in the writer's memory. */
    defer: { type: 'boolean', default: false },
    /**
     * Primary key order of the raw table to measure: `device-key-ts` (the schema's) or `device-ts-key`
     * (a device's keys share leaf pages: a batch dirties a page per device instead of per series).
     */
    'raw-key': { type: 'string', default: 'device-key-ts' },
  },
});
const deviceCount = Number(args.devices);
const batches = Number(args.batches);
const perBatch = Number(args.messages);
const historyDays = Number(args['history-days']);
const pageSize = Number(args['page-size']);

async function main() {
  const data = await prepareData(deviceCount, 'weatherStation', 'WAL');
  try {
    const setup = new SQLite(data.dbFile);
    if (pageSize > 0) {
      setup.pragma('journal_mode = DELETE');
      setup.pragma(`page_size = ${pageSize}`);
      setup.exec('vacuum');
      setup.pragma('journal_mode = WAL');
    }
    if (args['raw-key'] === 'device-ts-key') {
      setup.exec(`drop table telemetry;
        create table telemetry (device_id integer not null, key varchar(64) not null, ts bigint not null,
          value double precision not null, primary key (device_id, ts, key)) without rowid`);
    }
    const t0 = Date.now() - 86_400_000;
    setup.pragma('wal_checkpoint(TRUNCATE)');
    setup.close();
    fillRollupHistory(
      data.dbFile,
      data.devices.map((d) => d.id),
      WEATHER_KEYS,
      historyDays,
      t0 - 3_600_000,
    );

    const writer = createSqliteWriter(data.dbFile, 'Asia/Shanghai');
    const seq = new Array(deviceCount).fill(0);
    let next = 0;
    let messages = 0;
    const started = process.cpuUsage();
    for (let b = 0; b < batches; b++) {
      const n = perBatch * WEATHER_KEYS.length;
      const batch: RowBatch = {
        n,
        deviceId: new Int32Array(n),
        keyIdx: new Uint16Array(n),
        ts: new Float64Array(n),
        value: new Float64Array(n),
        keys: WEATHER_KEYS,
        seenDeviceIds: [],
        now: Date.now(),
        refusals: [],
        deferRollups: args.defer,
      };
      for (let m = 0; m < perBatch; m++) {
        const d = next++ % deviceCount;
        const ts = t0 + seq[d]++ * 1000;
        for (let k = 0; k < WEATHER_KEYS.length; k++) {
          const i = m * WEATHER_KEYS.length + k;
          batch.deviceId[i] = data.devices[d].id;
          batch.keyIdx[i] = k;
          batch.ts[i] = ts;
          batch.value[i] = (m * 7 + k) % 100;
        }
      }
      writer.write(batch);
      messages += perBatch;
    }
    const cpu = process.cpuUsage(started);
    // what still waits in memory is written too, so every run pays for all of its rollups
    writer.flushRollups();

    // Charge every WAL frame to its page's owner (dbstat maps pages to tables and indexes).
    const walFile = `${data.dbFile}-wal`;
    const walBytes = statSync(walFile).size;
    const fd = openSync(walFile, 'r');
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    const size = header.readUInt32BE(8);
    const frames = Math.floor((walBytes - 32) / (size + 24));
    const pages: number[] = [];
    const fh = Buffer.alloc(24);
    for (let f = 0; f < frames; f++) {
      readSync(fd, fh, 0, 24, 32 + f * (size + 24));
      pages.push(fh.readUInt32BE(0));
    }
    closeSync(fd);
    const reader = new SQLite(data.dbFile, { readonly: true });
    const owner = new Map<number, string>();
    for (const r of reader.prepare('select name, pageno from dbstat').iterate() as Iterable<{
      name: string;
      pageno: number;
    }>)
      owner.set(r.pageno, r.name);
    reader.close();
    // closing the last connection checkpoints and removes the WAL: only once it has been read
    writer.close();
    const byOwner: Record<string, number> = {};
    for (const p of pages) {
      const name = owner.get(p) ?? (p === 1 ? 'header' : 'free/other');
      byOwner[name] = (byOwner[name] ?? 0) + 1;
    }
    const perMessage = Object.fromEntries(
      Object.entries(byOwner)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, Math.round((v * (size + 24)) / messages)]),
    );
    const result = {
      bench: 'ingest-wal',
      devices: deviceCount,
      batches,
      messagesPerBatch: perBatch,
      historyDays,
      deferRollups: args.defer,
      rawKey: args['raw-key'],
      pageSize: size,
      walFrames: frames,
      framesPerBatch: Math.round(frames / batches),
      walBytesPerMessage: Math.round(walBytes / messages),
      walBytesPerMessageByTable: perMessage,
      writerCpuMsPerBatch: Math.round((cpu.user + cpu.system) / 1000 / batches),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    data.remove();
  }
}

runBench(main);
