import type { Db } from '../../db/connect';

/** The merchant's app download links: Kysely only. */
export function findLinks(db: Db, merchantId: number) {
  return db.selectFrom('merchant_app_links').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
}

export async function saveLinks(
  db: Db,
  merchantId: number,
  links: { android: string; ios: string; mobile_web: string; mini_program: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('merchant_app_links')
    .values({ merchant_id: merchantId, ...links, updated_at: now })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...links, updated_at: now }))
    .execute();
}
