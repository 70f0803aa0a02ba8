import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { prepareData } from '../apps/server/src/test/prepareData';
import { spawnServer } from '../apps/server/src/test/spawnServer';
import { log } from './args';
import { fillRollupHistory } from './ingestHistory';
import { percentile, runBench, runLoad, WEATHER_KEYS } from './ingestLoad';
import { rawBrokerMessagesPerSecond, rawSqliteRowsPerSecond } from './rawLimits';

/**
 * bench:ingest -- --seconds N [--rate R] [--devices D] [--window W] [--sync normal|full] [--history-days H]
 * The real server (child process, temp SQLite, free ports), D devices over MQTT TCP publishing QoS 1
 * messages of 8 values at R messages/s for N seconds. Prints one JSON object as its last line.
 */
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '10000' },
    devices: { type: 'string', default: '200' },
    window: { type: 'string', default: '20' },
    'skip-raw': { type: 'boolean', default: false },
    /** TELEMETRY_SYNC of the server (and the raw SQLite measure): normal or full. */
    sync: { type: 'string', default: 'normal' },
    /** Days of hourly and daily rollups per series to start from, as a database in service has. */
    'history-days': { type: 'string', default: '0' },
  },
});
const seconds = Number(args.seconds);
const rate = Number(args.rate);
const deviceCount = Number(args.devices);
const sync = args.sync === 'full' ? 'full' : 'normal';

async function main() {
  const raw = args['skip-raw']
    ? { rawSqliteRowsPerSecond: null, rawBrokerMessagesPerSecond: null }
    : {
        rawSqliteRowsPerSecond: await rawSqliteRowsPerSecond(3, sync),
        rawBrokerMessagesPerSecond: await rawBrokerMessagesPerSecond(5, deviceCount, Number(args.window)),
      };
  log(`raw limits: ${JSON.stringify(raw)}`);

  const data = await prepareData(deviceCount, 'weatherStation');
  // the load's readings start a day ago; the history ends an hour before them
  const firstTs = Date.now() - 86_400_000;
  const historyDays = Number(args['history-days']);
  fillRollupHistory(
    data.dbFile,
    data.devices.map((d) => d.id),
    WEATHER_KEYS,
    historyDays,
    firstTs - 3_600_000,
  );
  const server = await spawnServer(data.dataDir, { LOG_LEVEL: 'info', TELEMETRY_SYNC: sync });
  log(`server up on mqtt ${server.mqttPort}; ${deviceCount} devices, ${rate} msg/s target, ${seconds} s`);
  // The WAL must stay short: checkpoints that never catch up with the writer let it grow without bound.
  let maxWalBytes = 0;
  const walWatch = setInterval(() => {
    try {
      maxWalBytes = Math.max(maxWalBytes, statSync(`${data.dbFile}-wal`).size);
    } catch {
      // no WAL yet
    }
  }, 250);
  // WAL frames written over the run: the wal-index header's mxFrame (frames in the log now), followed
  // often enough that a restart of the log (mxFrame back near 0) is seen; latency depends on what else
  // runs on the machine, this does not.
  const frames = walFramesCounter(`${data.dbFile}-shm`);
  const frameWatch = setInterval(frames.poll, 5);
  try {
    const load = await runLoad({
      devices: data.devices,
      host: '127.0.0.1',
      port: server.mqttPort,
      rate,
      seconds,
      window: Number(args.window),
      // a day ago, one reading per second per device: never "in the future", never a duplicate
      firstTs,
      stepMs: 1000,
      keepAcked: true,
    });
    clearInterval(walWatch);
    clearInterval(frameWatch);
    frames.poll();
    await server.stop();
    const totals = server
      .output()
      .split('\n')
      .find((l) => l.includes('telemetry ingest totals'));
    const t = totals ? (JSON.parse(totals) as Record<string, number>) : {};

    const db = new SQLite(data.dbFile, { readonly: true });
    const stmt = db.prepare('select ts from telemetry where device_id = ? and key = ? and ts >= ?');
    let lost = 0;
    let ackedTotal = 0;
    load.ackedTs.forEach((list, i) => {
      if (list.length === 0) return;
      ackedTotal += list.length;
      const have = new Set(
        (stmt.all(data.devices[i].id, 'illuminance', Math.min(...list)) as { ts: number }[]).map((r) => r.ts),
      );
      for (const ts of list) if (!have.has(ts)) lost++;
    });
    const rows = (db.prepare('select count(*) as n from telemetry').get() as { n: number }).n;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.close();
    const result = {
      bench: 'ingest',
      seconds: Math.round(load.seconds * 10) / 10,
      devices: deviceCount,
      targetRate: rate,
      sync,
      historyDays,
      valuesPerMessage: WEATHER_KEYS.length,
      messagesPerSecond: Math.round(load.acked / load.seconds),
      valuesPerSecond: Math.round((load.acked * WEATHER_KEYS.length) / load.seconds),
      sent: load.sent,
      acked: ackedTotal,
      failed: load.failed,
      storedRows: rows,
      lost,
      p50AckMs: Math.round(percentile(load.latencies, 50) * 10) / 10,
      p99AckMs: Math.round(percentile(load.latencies, 99) * 10) / 10,
      batches: t.batches,
      rowsPerBatch: t.rowsPerBatch,
      avgCommitMs: t.avgCommitMs,
      maxCommitMs: Math.round(t.maxCommitMs ?? 0),
      serverCpuMsPer1000Msg: t.cpuMs && load.acked ? Math.round((t.cpuMs / load.acked) * 10000) / 10 : null,
      maxWalMB: Math.round(maxWalBytes / 1e5) / 10,
      walBytesPerMessage: load.acked ? Math.round((frames.total() * (pageSize + 24)) / load.acked) : null,
      ...raw,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    clearInterval(walWatch);
    clearInterval(frameWatch);
    frames.close();
    await server.stop();
    data.remove();
  }
}

/** Counts frames appended to the WAL from the shared wal-index header (mxFrame at byte 16, native order). */
function walFramesCounter(shmFile: string) {
  let fd: number | null = null;
  let last = 0;
  let total = 0;
  const buf = Buffer.alloc(4);
  return {
    poll() {
      try {
        fd ??= openSync(shmFile, 'r');
        if (readSync(fd, buf, 0, 4, 16) < 4) return;
      } catch {
        return; // no WAL index yet
      }
      const mx = buf.readUInt32LE(0);
      total += mx >= last ? mx - last : mx;
      last = mx;
    },
    total: () => total,
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

runBench(main);
