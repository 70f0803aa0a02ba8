import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { pageOfQuery, pagesById } from '../../db/rows';
import type { CommandsTable } from '../../db/schema';
import { inNames, type Scope, scoped } from '../../db/scope';
import { anyContains, matching } from '../../db/search';

export function insertCommand(db: Db, row: Insertable<CommandsTable>) {
  return db.insertInto('commands').values(row).execute();
}

/** Updates a command only while it is in `from` (so a late ack and the timeout job cannot both win). */
export async function transition(
  db: Db,
  cmdId: string,
  from: string,
  set: Updateable<CommandsTable>,
): Promise<boolean> {
  const res = await db
    .updateTable('commands')
    .set(set)
    .where('cmd_id', '=', cmdId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function findDeviceCommand(db: Db, deviceId: number, cmdId: string) {
  return db
    .selectFrom('commands')
    .selectAll()
    .where('cmd_id', '=', cmdId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

/** Commands in `state` since before `before`: what the timeout job gives up on. */
export function stale(db: Db, state: 'sent' | 'queued', before: number, limit = 500) {
  const col = state === 'sent' ? 'sent_at' : 'created_at';
  return db
    .selectFrom('commands')
    .selectAll()
    .where('state', '=', state)
    .where(col, '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface CommandFilter {
  groupId?: number;
  deviceClass?: string;
  deviceId?: number;
  state?: string;
  source?: string;
  startTime?: number;
  endTime?: number;
  keyword?: string;
  /** Classes the caller may see (class permissions). */
  classes: readonly string[];
}

function filtered(db: Db, scope: Scope, f: CommandFilter) {
  let q = scoped(db, scope, f.groupId)
    .selectFrom('commands')
    .selectAll()
    .where('device_class', 'in', inNames(f.classes))
    .where(matching({ device_class: f.deviceClass, device_id: f.deviceId, state: f.state, source: f.source }));
  if (f.startTime !== undefined) q = q.where('created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('created_at', '<=', f.endTime);
  if (f.keyword) q = q.where(anyContains(['login_name', 'device_serial', 'device_name', 'name'], f.keyword));
  return q;
}

export function listCommands(db: Db, scope: Scope, f: CommandFilter, page: { pageNum: number; pageSize: number }) {
  return pageOfQuery(filtered(db, scope, f).orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
}

/** Every matching command, newest first, a page at a time (an export streams; it never holds them all). */
export const exportPages = (db: Db, scope: Scope, f: CommandFilter, size: number) =>
  pagesById(filtered(db, scope, f), size);

export function findCommand(db: Db, scope: Scope, cmdId: string) {
  return scoped(db, scope).selectFrom('commands').selectAll().where('cmd_id', '=', cmdId).executeTakeFirst();
}

/** The device a command goes to, within the caller's parks. */
export function findTargetDevice(db: Db, scope: Scope, deviceId: number) {
  return scoped(db, scope)
    .selectFrom('devices')
    .select(['id', 'serial', 'name', 'device_class', 'merchant_id', 'group_id', 'online'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}
