import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect';
import { pageOfQuery } from '../../db/rows';
import type { SystemLogTable } from '../../db/schema';
import { merchantWide } from '../../db/scope';
import { anyContains } from '../../db/search';

export function insertLog(db: Db, row: Insertable<SystemLogTable>) {
  return db.insertInto('system_log').values(row).execute();
}

export interface LogQuery {
  merchantId: number;
  startTime?: number;
  endTime?: number;
  loginName?: string;
  action?: string;
  targetType?: string;
  result?: 'ok' | 'fail';
  keyword?: string;
}

function filtered(db: Db, f: LogQuery) {
  let q = merchantWide(db, f.merchantId).selectFrom('system_log');
  if (f.startTime !== undefined) q = q.where('created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('created_at', '<=', f.endTime);
  if (f.loginName) q = q.where(anyContains(['login_name'], f.loginName));
  // An action filter matches the action or its family: `user` finds user.add, user.disable...
  if (f.action) q = q.where((eb) => eb.or([eb('action', '=', f.action!), eb('action', 'like', `${f.action}.%`)]));
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.result) q = q.where('result', '=', f.result);
  if (f.keyword) q = q.where(anyContains(['detail', 'target_id', 'login_name', 'ip', 'action'], f.keyword));
  return q;
}

const COLUMNS = [
  'id',
  'created_at',
  'login_name',
  'user_id',
  'action',
  'target_type',
  'target_id',
  'detail',
  'ip',
  'result',
  'result_code',
] as const;

/** Newest first; the id breaks ties within one millisecond. */
export const listLog = (db: Db, f: LogQuery, page: { pageNum: number; pageSize: number }) =>
  pageOfQuery(filtered(db, f).select(COLUMNS).orderBy('id', 'desc'), page);

/** One keyset page for the export: rows with id below `beforeId`, newest first. */
export function logPageBefore(db: Db, f: LogQuery, beforeId: number | null, size: number) {
  let q = filtered(db, f).select(COLUMNS);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(size).execute();
}
