import type { Db } from '../db/connect';

export function findDeviceBySerial(db: Db, serial: string) {
  return db.selectFrom('devices').select(['id', 'serial']).where('serial', '=', serial).executeTakeFirst();
}
