import type { Db } from '../../db/connect';
import { merchantWide } from '../../db/scope';

/** The merchant's app download links: one row a merchant, whichever park asks (and the public page). */
export function findLinks(db: Db, merchantId: number) {
  return merchantWide(db, merchantId).selectFrom('merchant_app_links').selectAll().executeTakeFirst();
}

export async function saveLinks(
  db: Db,
  merchantId: number,
  links: { android: string; ios: string; mobile_web: string; mini_program: string },
  now: number,
): Promise<void> {
  await merchantWide(db, merchantId)
    .insertInto('merchant_app_links')
    .values({ merchant_id: merchantId, ...links, updated_at: now })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...links, updated_at: now }))
    .execute();
}
