import { expect, it } from 'vitest';
import { sendReadings } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';
import { hourBucket, zoneClock } from './buckets';

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SERIALS = ['DF-WS-0001', 'DF-WS-0002', 'DF-SS-0001'];
const KEYS: Record<string, string[]> = {
  'DF-WS-0001': ['airTemp', 'airHumidity'],
  'DF-WS-0002': ['airTemp', 'windSpeed'],
  'DF-SS-0001': ['soilMoisture10'],
};

describeEachEngine('telemetry rollups', (env) => {
  it('equal the aggregates of the raw rows after random, late, duplicated, concurrent messages', async () => {
    const rand = rng(20261122);
    const t0 = Date.UTC(2026, 8, 29, 14, 0, 0);
    const sends: Promise<void>[] = [];
    for (let m = 0; m < 300; m++) {
      const serial = SERIALS[Math.floor(rand() * SERIALS.length)];
      const readings = Array.from({ length: 1 + Math.floor(rand() * 20) }, () => {
        // a few thousand distinct instants over three days, so duplicates are common
        const ts = t0 + Math.floor(rand() * 4000) * 65_000;
        const values: Record<string, number> = {};
        for (const k of KEYS[serial]) if (rand() < 0.8) values[k] = Math.round(rand() * 900) / 10;
        return { ts, values };
      });
      sends.push(sendReadings(env(), serial, readings));
      if (m % 37 === 0) await Promise.all(sends.splice(0));
    }
    await Promise.all(sends);

    const db = env().db;
    const raw = await db.selectFrom('telemetry').select(['device_id', 'key', 'ts', 'value']).orderBy('ts').execute();
    expect(raw.length).toBeGreaterThan(1000);
    const clock = zoneClock(env().config.tzName);
    const expected = (bucketOf: (ts: number) => number) => {
      const m = new Map<
        string,
        { min: number; max: number; sum: number; count: number; last: number; lastTs: number }
      >();
      for (const r of raw) {
        const id = `${r.device_id}/${r.key}/${bucketOf(Number(r.ts))}`;
        const a = m.get(id);
        if (!a) m.set(id, { min: r.value, max: r.value, sum: r.value, count: 1, last: r.value, lastTs: Number(r.ts) });
        else {
          a.min = Math.min(a.min, r.value);
          a.max = Math.max(a.max, r.value);
          a.sum += r.value;
          a.count++;
          if (Number(r.ts) >= a.lastTs) {
            a.last = r.value;
            a.lastTs = Number(r.ts);
          }
        }
      }
      return m;
    };
    for (const [table, bucketOf] of [
      ['telemetry_hourly', hourBucket],
      ['telemetry_daily', (ts: number) => clock.dayBucket(ts)],
    ] as const) {
      const want = expected(bucketOf);
      const got = await db.selectFrom(table).selectAll().execute();
      expect(got.length, table).toBe(want.size);
      for (const g of got) {
        const w = want.get(`${g.device_id}/${g.key}/${Number(g.bucket)}`);
        expect(w, `${table} ${g.device_id}/${g.key}/${g.bucket}`).toBeDefined();
        expect(g.count).toBe(w?.count);
        expect(g.min).toBe(w?.min);
        expect(g.max).toBe(w?.max);
        expect(g.sum).toBeCloseTo(w?.sum ?? Number.NaN, 6);
        expect(g.last).toBe(w?.last);
        expect(Number(g.last_ts)).toBe(w?.lastTs);
      }
    }
    const latest = await db.selectFrom('device_latest').selectAll().execute();
    for (const l of latest) {
      const series = raw.filter((r) => r.device_id === l.device_id && r.key === l.key);
      const [newest, before] = series.slice(-2).reverse();
      expect(Number(l.ts)).toBe(Number(newest.ts));
      expect(l.value).toBe(newest.value);
      // prev is the reading before the newest among those stored when the newest arrived: at most the true one
      if (before && l.prev_ts !== null) expect(Number(l.prev_ts)).toBeLessThanOrEqual(Number(before.ts));
    }
  });
});
