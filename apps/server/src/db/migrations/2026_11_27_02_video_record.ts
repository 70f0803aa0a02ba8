import type { Kysely } from 'kysely';

/**
 * `record_continuously` = 1: the camera's relay runs whether anyone watches or not, so its segments are a
 * recording around the clock (docs/VIDEO.md, "Recording and playback"). Existing cameras record only what
 * is watched, as before. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('video_cameras')
    .addColumn('record_continuously', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_cameras').dropColumn('record_continuously').execute();
}
