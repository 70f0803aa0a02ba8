import type { Kysely } from 'kysely';

/**
 * Group bots that follow their platform's rules (issue 27, point 5). A contact keeps its bot's signing
 * secret (`webhook_secret`, DingTalk 加签 / Feishu 签名校验; '' = the bot does not sign). A delivery a
 * bot at its rate limit got inside a digest names the delivery row whose message carried it
 * (`digest_id`; that row names itself). The per-bot limiter counts the messages sent to a webhook in the
 * last minute, by target and sending time. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alarm_contacts')
    .addColumn('webhook_secret', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('alarm_deliveries').addColumn('digest_id', 'integer').execute();
  await db.schema
    .createIndex('alarm_deliveries_target_sent_idx')
    .on('alarm_deliveries')
    .columns(['target', 'sent_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alarm_deliveries_target_sent_idx').execute();
  await db.schema.alterTable('alarm_deliveries').dropColumn('digest_id').execute();
  await db.schema.alterTable('alarm_contacts').dropColumn('webhook_secret').execute();
}
