import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Irrigation texts become codes: a run keeps why it ended as `end_code` (+ `end_value`, a number the
 * sentence needs) and a smart decision the numbers it saw as `facts` (JSON), so the console phrases
 * them in the reader's language. `reason` / `detail` keep only a device's own words.
 * Rows written before are converted from the English sentences the server used to store.
 * Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('irrigation_runs')
    .addColumn('end_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('irrigation_runs').addColumn('end_value', 'double precision').execute();
  await db.schema
    .alterTable('irrigation_decisions')
    .addColumn('facts', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  const runs = (code: string, where: RawBuilder<boolean>, set: Record<string, unknown> = {}) =>
    db
      .updateTable('irrigation_runs')
      .set({ end_code: code, reason: '', ...set })
      .where('end_code', '=', '')
      .where(where)
      .execute();
  const like = (p: string) => sql<boolean>`reason like ${p}`;
  const deviceWords = (prefix: string) => sql`substr(reason, ${prefix.length + 1})`;
  await runs('wentOffline', like('the machine went offline%'));
  await runs('silent', like('no telemetry from the machine%'));
  await runs('fault', like('the machine reports a fault%'));
  await runs('stopRequested', like('stopped (%'));
  await runs('endedEarlyTime', like('ended early at the machine after % min'), {
    end_value: sql`round((ended_at - started_at) / 6000.0) / 10.0`,
  });
  await runs('endedEarlyVolume', like('ended early at the machine after %m³'), { end_value: sql`water_m3` });
  await runs('startNotSent', like('start not sent:%'));
  for (const [verb, prefix] of [
    ['start', 'start refused: '],
    ['start', 'start not confirmed: '],
    ['stop', 'stop not confirmed by the machine: '],
  ] as const) {
    await runs(`${verb}Offline`, like(`${prefix}device offline%`));
    await runs(
      `${verb}TimedOut`,
      sql<boolean>`(reason like ${`${prefix}timedOut%`} or reason like ${`${prefix}no answer%`})`,
    );
    await runs(
      `${verb}NotDelivered`,
      sql<boolean>`(reason like ${`${prefix}not delivered%`} or reason like ${`${prefix}not sent%`})`,
    );
    // what is left after the prefix is the machine's own refusal
    await runs(`${verb}Refused`, like(`${prefix}%`), { reason: deviceWords(prefix) });
  }
  // Decision details were the server's English, except a refusal's words (failed decisions keep them).
  await db.updateTable('irrigation_decisions').set({ detail: '' }).where('action', '<>', 'failed').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('irrigation_decisions').dropColumn('facts').execute();
  await db.schema.alterTable('irrigation_runs').dropColumn('end_value').execute();
  await db.schema.alterTable('irrigation_runs').dropColumn('end_code').execute();
}
