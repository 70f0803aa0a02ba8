import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect';
import type { SystemLogTable } from '../../db/schema';

export function insertLog(db: Db, row: Insertable<SystemLogTable>) {
  return db.insertInto('system_log').values(row).execute();
}
