import type { Kysely } from 'kysely';

/**
 * A park's IANA time zone. Null means the server's TZ_NAME (read at run time, so a park nobody set follows
 * the deployment's zone). Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('groups').addColumn('time_zone', 'varchar(64)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('groups').dropColumn('time_zone').execute();
}
