import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/connect';

/** Width of a raw telemetry partition (epoch-aligned); retention drops whole partitions of this size. */
export const PARTITION_MS = 30 * 86_400_000;
/** Partitions kept ready beyond the current one, so an insert never waits for one to be made. */
const AHEAD = 2;
const DAY_MS = 86_400_000;

export interface PartitionReport {
  layout: 'partitioned' | 'hypertable' | 'plain';
  created: string[];
  dropped: string[];
  /** Rows older than the retention deleted from the default partition (readings that fit no partition). */
  deletedFromDefault: number;
}

const partitionName = (k: number) => `telemetry_p${k}`;

async function layoutOf(db: Db): Promise<PartitionReport['layout']> {
  const partitioned = await sql`select 1 from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
    where c.relname = 'telemetry' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  if (partitioned.rows.length > 0) return 'partitioned';
  const ext = await sql`select 1 from pg_extension where extname = 'timescaledb'`.execute(db);
  return ext.rows.length > 0 ? 'hypertable' : 'plain';
}

/**
 * Keeps the raw telemetry partitions of PostgreSQL in shape (migration 2026_11_26_12): moves rows that
 * landed in the default partition (a backfill, the rows of the migration itself) into 30-day partitions,
 * creates the current and next partitions ahead, and drops partitions wholly older than the retention
 * (`retentionDays` 0 keeps everything). Rollup tables are never touched: charts over long ranges read them.
 * Run by the owner of the `retention` lease; idempotent. SQLite: nothing to do (null).
 */
export async function maintainTelemetryPartitions(
  db: Db,
  opts: { retentionDays: number; now: number },
): Promise<PartitionReport | null> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return null;
  const report: PartitionReport = { layout: await layoutOf(db), created: [], dropped: [], deletedFromDefault: 0 };
  const cutoff = opts.retentionDays > 0 ? opts.now - opts.retentionDays * DAY_MS : Number.NEGATIVE_INFINITY;
  if (report.layout === 'hypertable') {
    if (opts.retentionDays > 0) await sql`select drop_chunks('telemetry', older_than => ${cutoff}::bigint)`.execute(db);
    return report;
  }
  if (report.layout === 'plain') return report;

  const children = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'telemetry' and p.relnamespace = current_schema()::regnamespace`.execute(db);
  const existing = new Set(
    children.rows.map((r) => /^telemetry_p(\d+)$/.exec(r.name)?.[1]).filter((k): k is string => k !== undefined),
  );
  const current = Math.floor(opts.now / PARTITION_MS);
  const stray = await sql<{ k: number }>`select distinct floor(ts / ${PARTITION_MS}::bigint)::bigint as k
    from telemetry_default`.execute(db);
  const wanted = new Set([
    ...stray.rows.map((r) => Number(r.k)),
    ...Array.from({ length: AHEAD + 1 }, (_, i) => current + i),
  ]);

  for (const k of [...wanted].sort((a, b) => a - b)) {
    const from = k * PARTITION_MS;
    const to = from + PARTITION_MS;
    if (existing.has(String(k)) || to <= cutoff) continue;
    const name = partitionName(k);
    const made = await db.transaction().execute(async (trx) => {
      // Ingest waits a moment: rows for this range must not reach the default partition while it moves.
      // The lock also queues a second maintainer (an owner that just lost its lease), which then finds it made.
      await sql`lock table telemetry_default in access exclusive mode`.execute(trx);
      const there = await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(trx);
      if (there.rows[0]?.t) return false;
      await sql`create table ${sql.id(name)} (like telemetry including defaults including constraints)`.execute(trx);
      await sql`insert into ${sql.id(name)} select device_id, key, ts, value from telemetry_default
        where ts >= ${from} and ts < ${to}`.execute(trx);
      await sql`delete from telemetry_default where ts >= ${from} and ts < ${to}`.execute(trx);
      await sql`alter table telemetry attach partition ${sql.id(name)} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(
        trx,
      );
      return true;
    });
    if (made) report.created.push(name);
  }

  for (const k of existing) {
    if ((Number(k) + 1) * PARTITION_MS > cutoff) continue;
    await sql`drop table if exists ${sql.id(partitionName(Number(k)))}`.execute(db);
    report.dropped.push(partitionName(Number(k)));
  }
  if (Number.isFinite(cutoff)) {
    const r = await sql`delete from telemetry_default where ts < ${cutoff}`.execute(db);
    report.deletedFromDefault = Number(r.numAffectedRows ?? 0);
  }
  return report;
}
