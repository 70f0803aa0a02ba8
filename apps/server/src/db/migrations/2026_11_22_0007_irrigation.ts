import type { Kysely } from 'kysely';
import { idColumn, ms } from './columns';

/**
 * Irrigation: runs (sessions), programs with their claimed slots, and the smart-irrigation decision
 * log. Smart rules themselves live in `rules` (owner_kind smartIrrigation). Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  await withId(db.schema.createTable('irrigation_runs'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    // copies, so the record still reads right after the device is renamed
    .addColumn('device_class', 'varchar(40)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('device_serial', 'varchar(64)', (c) => c.notNull())
    .addColumn('zones', 'varchar(200)', (c) => c.notNull())
    .addColumn('duration_min', 'double precision')
    .addColumn('volume_m3', 'double precision')
    .addColumn('recipe', 'text')
    // manual | program | smart
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('trigger_ref', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('trigger_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    // starting | running | stopping | done | failed | stopped
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    // "device id" while starting/running/stopping, null after: the database allows one active run per machine
    .addColumn('active_key', 'varchar(40)', (c) => c.unique())
    .addColumn('start_cmd_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('stop_cmd_id', 'varchar(64)')
    .addColumn('stop_reason', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('started_at', ms)
    .addColumn('ended_at', ms)
    .addColumn('water_start', 'double precision')
    .addColumn('water_m3', 'double precision')
    // JSON {tank1: level %...} at the start, and litres used per tank
    .addColumn('tanks_start', 'text')
    .addColumn('fertiliser', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('irrigation_runs_merchant_group_idx')
    .on('irrigation_runs')
    .columns(['merchant_id', 'group_id', 'created_at'])
    .execute();
  await db.schema.createIndex('irrigation_runs_state_idx').on('irrigation_runs').columns(['state']).execute();

  await withId(db.schema.createTable('irrigation_programs'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('start_times', 'varchar(200)', (c) => c.notNull())
    .addColumn('days', 'varchar(40)', (c) => c.notNull())
    .addColumn('zones', 'varchar(200)', (c) => c.notNull())
    .addColumn('duration_min', 'double precision')
    .addColumn('volume_m3', 'double precision')
    .addColumn('recipe', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // slots up to this instant have been handled (run, refused or recorded as missed)
    .addColumn('checked_until', ms, (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('irrigation_program_slots')
    .addColumn('program_id', 'integer', (c) => c.notNull().references('irrigation_programs.id').onDelete('cascade'))
    .addColumn('slot_at', ms, (c) => c.notNull())
    // started | refused | missed | failed
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('run_id', 'integer')
    .addColumn('detail', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    // the primary key is the claim: a slot is handled once, whatever happens around it
    .addPrimaryKeyConstraint('irrigation_program_slots_pk', ['program_id', 'slot_at'])
    .execute();

  await withId(db.schema.createTable('irrigation_decisions'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('rules.id').onDelete('cascade'))
    .addColumn('at', ms, (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('moisture', 'double precision')
    .addColumn('rain_mm', 'double precision')
    .addColumn('run_id', 'integer')
    .addColumn('detail', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('irrigation_decisions_rule_idx')
    .on('irrigation_decisions')
    .columns(['rule_id', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['irrigation_decisions', 'irrigation_program_slots', 'irrigation_programs', 'irrigation_runs'])
    await db.schema.dropTable(t).ifExists().execute();
}
