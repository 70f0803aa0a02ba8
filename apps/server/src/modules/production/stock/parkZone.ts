import type { Db } from '../../../db/connect';

/** The park's IANA zone (its days are counted there); null on the park means the server's TZ_NAME. */
export async function groupZone(db: Db, groupId: number, defaultZone: string): Promise<string> {
  const row = await db.selectFrom('groups').select('time_zone').where('id', '=', groupId).executeTakeFirst();
  return row?.time_zone ?? defaultZone;
}
