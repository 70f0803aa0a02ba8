import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL only: raw telemetry partitioned by time (declarative range partitioning on ts), so retention
 * drops whole partitions instead of deleting rows. This creates the partitioned table with a default
 * partition and moves the existing rows into it; the owner of the `retention` lease then splits the
 * default into 30-day partitions, creates them ahead and drops expired ones (src/cluster/telemetryPartitions.ts).
 * Where the TimescaleDB extension is installed in the database, the table becomes a hypertable instead.
 * SQLite keeps its table. Queries are unchanged: the table keeps its name, columns and primary key.
 * Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const timescale = await sql`select 1 from pg_extension where extname = 'timescaledb'`.execute(db);
  if (timescale.rows.length > 0) {
    await sql`select create_hypertable('telemetry', 'ts', chunk_time_interval => 2592000000::bigint, migrate_data => true)`.execute(
      db,
    );
    return;
  }
  await sql`alter table telemetry rename to telemetry_unpartitioned`.execute(db);
  await sql`alter table telemetry_unpartitioned rename constraint telemetry_pk to telemetry_unpartitioned_pk`.execute(
    db,
  );
  await sql`create table telemetry (
    device_id integer not null,
    key varchar(64) not null,
    ts bigint not null,
    value double precision not null,
    constraint telemetry_pk primary key (device_id, key, ts)
  ) partition by range (ts)`.execute(db);
  await sql`create table telemetry_default partition of telemetry default`.execute(db);
  await sql`insert into telemetry (device_id, key, ts, value)
    select device_id, key, ts, value from telemetry_unpartitioned`.execute(db);
  await sql`drop table telemetry_unpartitioned`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const partitioned = await sql`select 1 from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
    where c.relname = 'telemetry'`.execute(db);
  if (partitioned.rows.length === 0) return; // a hypertable stays one
  await sql`create table telemetry_plain (
    device_id integer not null,
    key varchar(64) not null,
    ts bigint not null,
    value double precision not null,
    constraint telemetry_plain_pk primary key (device_id, key, ts)
  )`.execute(db);
  await sql`insert into telemetry_plain select device_id, key, ts, value from telemetry`.execute(db);
  await sql`drop table telemetry`.execute(db);
  await sql`alter table telemetry_plain rename to telemetry`.execute(db);
  await sql`alter table telemetry rename constraint telemetry_plain_pk to telemetry_pk`.execute(db);
}
