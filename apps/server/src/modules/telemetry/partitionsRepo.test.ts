import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import { describeEachEngine, type TestEnv } from '../../test/harness';
import { maintainTelemetryPartitions, PARTITION_MS } from './partitionsRepo';

const DAY = 86_400_000;
/** The start of a partition, so the test knows which rows fall where. */
const NOW = 700 * PARTITION_MS + 10 * DAY;

describeEachEngine('telemetry partitions', (env) => {
  const insert = (e: TestEnv, ts: number[]) =>
    e.db
      .insertInto('telemetry')
      .values(ts.map((t) => ({ device_id: e.ids.devices.farm, key: 'airTemp', ts: t, value: 20 })))
      .execute();
  const tsStored = async (e: TestEnv) =>
    (
      await e.db
        .selectFrom('telemetry')
        .select('ts')
        .where('device_id', '=', e.ids.devices.farm)
        .orderBy('ts')
        .execute()
    ).map((r) => r.ts);
  const partitionOf = async (e: TestEnv, ts: number) =>
    (await sql<{ p: string }>`select tableoid::regclass::text as p from telemetry where ts = ${ts}`.execute(e.db))
      .rows[0]?.p;

  it('PostgreSQL: moves rows into 30-day partitions, creates them ahead, drops expired ones whole; SQLite unchanged', async () => {
    const e = env();
    const old = NOW - 100 * DAY;
    const recent = NOW - 20 * DAY;
    await insert(e, [old, recent, NOW]);
    const first = await maintainTelemetryPartitions(e.db, { retentionDays: 0, now: NOW });
    if (e.engine === 'sqlite') {
      // SQLite has no such thing: its table stays as it is and every row stays.
      expect(first).toBeNull();
      expect(await tsStored(e)).toEqual([old, recent, NOW]);
      return;
    }
    if (!first) throw new Error('no report on PostgreSQL');
    expect(first.layout).toBe('partitioned');
    const k = (ts: number) => `telemetry_p${Math.floor(ts / PARTITION_MS)}`;
    expect(first.created).toEqual(expect.arrayContaining([k(old), k(recent), k(NOW), k(NOW + 2 * PARTITION_MS)]));
    expect(await partitionOf(e, old)).toBe(k(old));
    expect(await partitionOf(e, NOW)).toBe(k(NOW));
    // a new reading lands in its partition; a second run has nothing to do
    await insert(e, [NOW + 1]);
    expect(await partitionOf(e, NOW + 1)).toBe(k(NOW));
    expect((await maintainTelemetryPartitions(e.db, { retentionDays: 0, now: NOW }))?.created).toEqual([]);
    // 60 days of retention: the partition of `old` ends before the cutoff and goes; `recent`'s stays
    const second = await maintainTelemetryPartitions(e.db, { retentionDays: 60, now: NOW });
    expect(second?.dropped).toEqual([k(old)]);
    expect(await tsStored(e)).toEqual([recent, NOW, NOW + 1]);
    // reads are unchanged: the same table name answers
    const n = await e.db
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(n?.n)).toBeGreaterThanOrEqual(3);
  });

  it('two maintainers at once (an owner that just lost its lease and its successor) both finish, each partition made once', async () => {
    const e = env();
    const later = 800 * PARTITION_MS + DAY;
    await insert(e, [later]);
    const other = connectDatabase(e.config.database);
    try {
      const [a, b] = await Promise.all([
        maintainTelemetryPartitions(e.db, { retentionDays: 0, now: later }),
        maintainTelemetryPartitions(other, { retentionDays: 0, now: later }),
      ]);
      if (e.engine === 'sqlite') return expect([a, b]).toEqual([null, null]);
      const made = [...(a?.created ?? []), ...(b?.created ?? [])];
      expect(made.filter((n) => n === `telemetry_p800`)).toHaveLength(1);
      expect(await partitionOf(e, later)).toBe('telemetry_p800');
    } finally {
      await other.destroy();
    }
  });
});
