import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Telemetry: raw readings, hourly and daily rollups, latest values, per-device variable settings and
 * refused-message counters. No foreign keys on the big tables: a per-row check on every insert costs
 * ingest throughput, and device ids are never reused (device removal purges its rows explicitly).
 * Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite: the primary key is the table (no rowid b-tree beside it), half the writes per row.
  const withoutRowid = pg ? sql`` : sql`without rowid`;
  const real = 'double precision';

  await db.schema
    .createTable('telemetry')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('value', real, (c) => c.notNull())
    .addPrimaryKeyConstraint('telemetry_pk', ['device_id', 'key', 'ts'])
    .modifyEnd(withoutRowid)
    .execute();

  for (const table of ['telemetry_hourly', 'telemetry_daily']) {
    await db.schema
      .createTable(table)
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('key', 'varchar(64)', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('min', real, (c) => c.notNull())
      .addColumn('max', real, (c) => c.notNull())
      .addColumn('sum', real, (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('last', real, (c) => c.notNull())
      .addColumn('last_ts', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['device_id', 'key', 'bucket'])
      .modifyEnd(withoutRowid)
      .execute();
  }

  await db.schema
    .createTable('device_latest')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('value', real, (c) => c.notNull())
    .addColumn('prev_value', real)
    .addColumn('prev_ts', 'bigint')
    .addPrimaryKeyConstraint('device_latest_pk', ['device_id', 'key'])
    .modifyEnd(withoutRowid)
    .execute();

  // null = the model's default for that field
  await db.schema
    .createTable('device_param_settings')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)')
    .addColumn('unit', 'varchar(32)')
    .addColumn('decimals', 'integer')
    .addColumn('hidden', 'integer')
    .addColumn('sort', 'integer')
    .addPrimaryKeyConstraint('device_param_settings_pk', ['device_id', 'key'])
    .execute();

  await db.schema
    .createTable('device_group_sort')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('group_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_group_sort_pk', ['device_id', 'group_key'])
    .execute();

  // By serial, not device id: messages from unknown serials are counted too.
  await db.schema
    .createTable('ingest_refused')
    .addColumn('serial', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('device_id', 'integer')
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ingest_refused_pk', ['serial', 'reason'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'ingest_refused',
    'device_group_sort',
    'device_param_settings',
    'device_latest',
    'telemetry_daily',
    'telemetry_hourly',
    'telemetry',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
