import { login } from '../apps/server/src/cluster/harness/servers';
import { createSqliteWriter } from '../apps/server/src/modules/telemetry/sqliteWriter';
import type { RowBatch } from '../apps/server/src/modules/telemetry/store';
import { prepareData } from '../apps/server/src/test/prepareData';
import { spawnServer } from '../apps/server/src/test/spawnServer';
import { generateHistory } from '../packages/simulator/src/history';
import { log, numericArgs } from './args';
import { percentile, runBench, WEATHER_KEYS } from './ingestLoad';

/**
 * bench:history -- [--days 365] [--runs 30]
 * One weather station with a year of 1-minute readings (8 values each) written through the ingest's own
 * SQLite write path (rollups included), then the real server answers the chart and table queries.
 * Times are per request over loopback HTTP (median of the runs). Prints one JSON object as its last line.
 */
const { days, runs } = numericArgs({ days: 365, runs: 30 });
const DAY = 86_400_000;

async function main() {
  const data = await prepareData(1, 'weatherStation', 'HIST');
  const device = data.devices[0];
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  const start = end - days * DAY;

  const writer = createSqliteWriter(data.dbFile, 'Asia/Shanghai');
  const keys = WEATHER_KEYS;
  let rows = 0;
  const t0 = performance.now();
  for (const readings of generateHistory(
    { deviceClass: 'weatherStation', model: 'QX-8', serial: device.serial },
    start,
    end,
    60_000,
  )) {
    const n = readings.length * keys.length;
    const batch: RowBatch = {
      n,
      deviceId: new Int32Array(n).fill(device.id),
      keyIdx: new Uint16Array(n),
      ts: new Float64Array(n),
      value: new Float64Array(n),
      keys,
      seenDeviceIds: [device.id],
      now: Date.now(),
      refusals: [],
    };
    let i = 0;
    for (const r of readings) {
      for (let k = 0; k < keys.length; k++) {
        batch.keyIdx[i] = k;
        batch.ts[i] = r.ts;
        batch.value[i] = r.values[keys[k]] ?? 0;
        i++;
      }
    }
    writer.write(batch);
    rows += n;
  }
  writer.close();
  log(`wrote ${rows} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const server = await spawnServer(data.dataDir);
  const base = `http://127.0.0.1:${server.port}/api/merchant`;
  try {
    const token = await login(server.port);
    const timed = async (path: string, params: Record<string, string | number>, check: (d: unknown) => void) => {
      const url = `${base}/${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
      const times = new Float64Array(runs);
      for (let i = -3; i < runs; i++) {
        const s = performance.now();
        const res = await fetch(url, { headers: { AuthToken: token } });
        const body = (await res.json()) as { code: number; msg: string; data: unknown };
        const ms = performance.now() - s;
        if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
        if (i === 0) check(body.data);
        if (i >= 0) times[i] = ms;
      }
      return Math.round(percentile(times, 50) * 100) / 100;
    };
    const points = (d: unknown) => (d as { series: { points: unknown[] }[]; interval: string }).series;
    const series = { deviceIds: device.id, keys: 'airTemp,airHumidity' };
    const yearChartMs = await timed(
      'weather/getSelectParamDataList',
      { ...series, startTime: start, endTime: end },
      (d) => {
        log(`year: ${(d as { interval: string }).interval}, ${points(d)[0].points.length} points a series`);
      },
    );
    const monthChartMs = await timed(
      'weather/getSelectParamDataList',
      { ...series, startTime: end - 30 * DAY, endTime: end },
      (d) => log(`month: ${(d as { interval: string }).interval}, ${points(d)[0].points.length} points a series`),
    );
    const dayRawMs = await timed(
      'weather/getSelectParamDataList',
      { ...series, startTime: end - DAY, endTime: end, interval: 'raw' },
      (d) => log(`day: ${(d as { interval: string }).interval}, ${points(d)[0].points.length} points a series`),
    );
    const dayTableMs = await timed(
      'weather/getParamDataList',
      { deviceId: device.id, startTime: end - DAY, endTime: end, pageNum: 1, pageSize: 50 },
      (d) => log(`day table: total ${(d as { total: number }).total}`),
    );
    process.stdout.write(
      `${JSON.stringify({ bench: 'history', days, rows, runs, yearChartMs, monthChartMs, dayRawMs, dayTableMs })}\n`,
    );
  } finally {
    await server.stop();
    data.remove();
  }
}

runBench(main);
