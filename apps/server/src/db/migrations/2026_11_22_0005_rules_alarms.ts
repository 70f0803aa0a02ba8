import type { Kysely } from 'kysely';
import { idColumn, ms } from './columns';

/**
 * Rules (the one evaluator's rules and their per-device state), alarms with their notification
 * outbox, alarm contacts and merchant notices. Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  await withId(db.schema.createTable('rules'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    // alarm | automation | smartIrrigation: whose action handler runs on a transition
    .addColumn('owner_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // exactly one of the two: one device, or every device of a class in the park
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('device_class', 'varchar(40)')
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('windows', 'text', (c) => c.notNull().defaultTo('[]'))
    // the owner's own settings (alarms: severity, contacts, channels, repeat, quiet hours), JSON
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rules_merchant_group_idx').on('rules').columns(['merchant_id', 'group_id']).execute();

  await db.schema
    .createTable('rule_state')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('rules.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('pending_since', ms)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_value', 'double precision')
    .addColumn('last_ts', ms)
    .addColumn('evaluated_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('rule_state_pk', ['rule_id', 'device_id'])
    .execute();

  await withId(db.schema.createTable('alarm_contacts'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('webhook_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('webhook_type', 'varchar(16)', (c) => c.notNull().defaultTo('plain'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alarm_contact_groups')
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('alarm_contacts.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('alarm_contact_groups_pk', ['contact_id', 'group_id'])
    .execute();

  await withId(db.schema.createTable('alarms'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    // copies, so the record still reads right after the rule or device changed or went away
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('device_serial', 'varchar(64)', (c) => c.notNull())
    .addColumn('param_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    // "rule:device" while not cleared, null after: the database keeps one open alarm per rule and device
    .addColumn('open_key', 'varchar(40)', (c) => c.unique())
    .addColumn('raised_at', ms, (c) => c.notNull())
    .addColumn('acked_at', ms)
    .addColumn('acked_by', 'integer')
    .addColumn('acked_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ack_comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('cleared_at', ms)
    .addColumn('cleared_value', 'double precision')
    .addColumn('notify_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_notified_at', ms)
    .execute();
  await db.schema
    .createIndex('alarms_merchant_group_raised_idx')
    .on('alarms')
    .columns(['merchant_id', 'group_id', 'raised_at'])
    .execute();
  await db.schema.createIndex('alarms_state_idx').on('alarms').columns(['state']).execute();

  await withId(db.schema.createTable('alarm_deliveries'))
    .addColumn('alarm_id', 'integer', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer')
    .addColumn('contact_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    // console | email | webhook | sms
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // raised | repeat | cleared
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    // pending | held | retrying | sent | failed | skipped
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', ms, (c) => c.notNull())
    .addColumn('last_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('sent_at', ms)
    .execute();
  await db.schema
    .createIndex('alarm_deliveries_due_idx')
    .on('alarm_deliveries')
    .columns(['state', 'next_at'])
    .execute();
  await db.schema.createIndex('alarm_deliveries_alarm_idx').on('alarm_deliveries').columns(['alarm_id']).execute();

  await withId(db.schema.createTable('notices'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    // local dates YYYY-MM-DD (TZ_NAME), inclusive
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_merchant_idx').on('notices').columns(['merchant_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'notices',
    'alarm_deliveries',
    'alarms',
    'alarm_contact_groups',
    'alarm_contacts',
    'rule_state',
    'rules',
  ])
    await db.schema.dropTable(t).execute();
}
