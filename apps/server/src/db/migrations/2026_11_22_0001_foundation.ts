import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * Foundation tables. Migrations never import app code: they must keep working as the app changes.
 * Portable DDL for SQLite and PostgreSQL; only the auto-increment id differs by engine.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);
  const now = 'bigint';

  await withId(db.schema.createTable('merchants'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('abbreviation', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', now, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('roles'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('role_key', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('roles_merchant_key_uq', ['merchant_id', 'role_key'])
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permit_url', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permit_url'])
    .execute();

  await withId(db.schema.createTable('users'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_salt', 'varchar(100)', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_login_at', now)
    .addColumn('created_at', now, (c) => c.notNull())
    .addColumn('removed_at', now)
    .execute();
  await db.schema.createIndex('users_merchant_idx').on('users').column('merchant_id').execute();

  await withId(db.schema.createTable('screens'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', now, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('groups'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('holder_man', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('area', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('crops', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('screen_id', 'integer', (c) => c.references('screens.id').onDelete('set null'))
    .addColumn('created_at', now, (c) => c.notNull())
    .addUniqueConstraint('groups_merchant_name_uq', ['merchant_id', 'name'])
    .execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
    .execute();
  await db.schema.createIndex('user_groups_group_idx').on('user_groups').column('group_id').execute();

  await db.schema
    .createTable('screen_groups')
    .addColumn('screen_id', 'integer', (c) => c.notNull().references('screens.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('screen_groups_pk', ['screen_id', 'group_id'])
    .execute();
  await db.schema.createIndex('screen_groups_group_idx').on('screen_groups').column('group_id').execute();

  await withId(db.schema.createTable('sessions'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', now, (c) => c.notNull())
    .addColumn('last_seen_at', now, (c) => c.notNull())
    .addColumn('expires_at', now, (c) => c.notNull())
    .addColumn('ended_at', now)
    .addColumn('end_code', 'integer')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'ended_at']).execute();

  // Devices stay when their park goes: removeGroup refuses while devices are bound (no cascade on purpose).
  await withId(db.schema.createTable('devices'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id'))
    .addColumn('serial', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_class', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', now, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_group_idx').on('devices').columns(['merchant_id', 'group_id']).execute();

  // No foreign keys: the log outlives the users and parks it mentions.
  await withId(db.schema.createTable('system_log'))
    .addColumn('merchant_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'varchar(10)', (c) => c.notNull())
    .addColumn('result_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', now, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('system_log_merchant_time_idx')
    .on('system_log')
    .columns(['merchant_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'system_log',
    'devices',
    'sessions',
    'screen_groups',
    'user_groups',
    'groups',
    'screens',
    'users',
    'role_permissions',
    'roles',
    'merchants',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
