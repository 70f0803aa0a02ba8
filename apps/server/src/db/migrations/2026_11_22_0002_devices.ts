import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumn, ms } from './columns';

/**
 * Device identity and control: credentials, online state, events, images and commands.
 * Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  // One column per statement: SQLite's ALTER TABLE adds only one at a time.
  type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  const columns: [string, ColumnDataType, Col][] = [
    ['model', 'varchar(40)', (c) => c.notNull().defaultTo('')],
    // "salt:hash" (hex); null = no credentials yet, the device cannot connect.
    ['secret_hash', 'varchar(200)', (c) => c],
    ['online', 'integer', (c) => c.notNull().defaultTo(0)],
    ['last_seen_at', ms, (c) => c],
    ['status_at', ms, (c) => c],
    ['firmware', 'varchar(64)', (c) => c.notNull().defaultTo('')],
    ['report_interval_ms', 'integer', (c) => c.notNull().defaultTo(60_000)],
    ['longitude', 'double precision', (c) => c],
    ['latitude', 'double precision', (c) => c],
    ['remark', 'varchar(500)', (c) => c.notNull().defaultTo('')],
  ];
  for (const [name, type, build] of columns) {
    await db.schema.alterTable('devices').addColumn(name, type, build).execute();
  }
  // The silence job scans online devices only.
  await db.schema.createIndex('devices_online_idx').on('devices').columns(['online', 'last_seen_at']).execute();

  await withId(db.schema.createTable('device_events'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('ts', ms, (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('received_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_events_device_ts_idx').on('device_events').columns(['device_id', 'ts']).execute();

  await withId(db.schema.createTable('device_images'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(40)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('taken_at', ms, (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_images_device_ts_idx')
    .on('device_images')
    .columns(['device_id', 'taken_at'])
    .execute();

  // No foreign keys: the operation record outlives the devices and users it mentions.
  await withId(db.schema.createTable('commands'))
    .addColumn('cmd_id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('device_class', 'varchar(40)', (c) => c.notNull())
    .addColumn('device_serial', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_ref', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('sent_at', ms)
    .addColumn('acked_at', ms)
    .addColumn('response_ms', 'integer')
    // The device's verdict (1 ok, 0 failed), also kept for an ack that came after the timeout.
    .addColumn('ack_ok', 'integer')
    .execute();
  await db.schema
    .createIndex('commands_merchant_time_idx')
    .on('commands')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema.createIndex('commands_device_time_idx').on('commands').columns(['device_id', 'created_at']).execute();
  await db.schema.createIndex('commands_state_sent_idx').on('commands').columns(['state', 'sent_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['commands', 'device_images', 'device_events']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('devices_online_idx').ifExists().execute();
  for (const c of [
    'remark',
    'latitude',
    'longitude',
    'report_interval_ms',
    'firmware',
    'status_at',
    'last_seen_at',
    'online',
    'secret_hash',
    'model',
  ]) {
    await db.schema.alterTable('devices').dropColumn(c).execute();
  }
}
