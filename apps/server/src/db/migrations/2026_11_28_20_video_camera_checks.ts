import type { Kysely } from 'kysely';

/**
 * Each camera's last contact (issue 25): when the server last reached it or failed to, why it failed, in how
 * many contacts in a row, and whether it was saved without a check on purpose. Video setup shows the cause;
 * the schedule of pictures waits longer between attempts at a failing camera. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  // one column per statement: SQLite adds one at a time
  await db.schema.alterTable('video_cameras').addColumn('fault', 'text').execute();
  await db.schema.alterTable('video_cameras').addColumn('fault_detail', 'text').execute();
  await db.schema
    .alterTable('video_cameras')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('video_cameras').addColumn('checked_at', 'bigint').execute();
  await db.schema
    .alterTable('video_cameras')
    .addColumn('unchecked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['unchecked', 'checked_at', 'failures', 'fault_detail', 'fault'])
    await db.schema.alterTable('video_cameras').dropColumn(column).execute();
}
