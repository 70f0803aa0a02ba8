import type { Db } from '../../db/connect';
import { insertLog } from './repo';

export interface LogEntry {
  merchantId: number | null;
  userId: number | null;
  loginName: string;
  ip: string;
  /** e.g. `login`, `logout`, `password.change`, `park.add`. */
  action: string;
  targetType?: string;
  targetId?: string | number | null;
  detail?: string;
  /** 0 for success, else the response code. */
  code: number;
}

/** The one way writes are recorded: who did what to which object, from where, and how it ended. */
export function writeLog(db: Db, e: LogEntry, now = Date.now()) {
  return insertLog(db, {
    merchant_id: e.merchantId,
    user_id: e.userId,
    login_name: e.loginName.slice(0, 64),
    action: e.action,
    target_type: e.targetType ?? '',
    target_id: e.targetId === undefined || e.targetId === null ? '' : String(e.targetId),
    detail: e.detail ?? '',
    ip: e.ip.slice(0, 64),
    result: e.code === 0 ? 'ok' : 'fail',
    result_code: e.code,
    created_at: now,
  });
}
