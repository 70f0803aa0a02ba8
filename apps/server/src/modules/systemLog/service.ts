import { Code, type SystemLogAction, type SystemLogTarget } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import type { AuthContext } from '../auth/sessions';
import { insertLog } from './repo';

export interface LogEntry {
  merchantId: number | null;
  userId: number | null;
  loginName: string;
  ip: string;
  action: SystemLogAction;
  targetType?: SystemLogTarget;
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

export interface AuditTarget {
  action: SystemLogAction;
  targetType: SystemLogTarget;
  targetId?: string | number | null;
  detail?: string;
}

/** The log lines of one kind of record: `entryOf('notice')('notice.add', { detail })`. */
export const entryOf =
  (targetType: SystemLogTarget) =>
  (action: SystemLogAction, more?: Partial<AuditTarget>): AuditTarget => ({ ...more, action, targetType });

/**
 * Runs a write on behalf of a signed-in caller and records it, whether it succeeded or was refused
 * (the refusal's code and message land in the log). `describe` may name the object made by the write, or
 * name the action by what the write turned out to do (a save that marked work done).
 */
export async function audited<T>(
  db: Db,
  auth: AuthContext,
  meta: ClientMeta,
  target: AuditTarget,
  run: () => Promise<T>,
  describe?: (result: T) => { targetId?: string | number | null; detail?: string; action?: SystemLogAction },
): Promise<T> {
  const log = (code: number, more: { targetId?: string | number | null; detail?: string; action?: SystemLogAction }) =>
    writeLog(db, {
      merchantId: auth.merchantId,
      userId: auth.userId,
      loginName: auth.loginName,
      ip: meta.ip,
      action: more.action ?? target.action,
      targetType: target.targetType,
      targetId: more.targetId ?? target.targetId,
      detail: more.detail ?? target.detail,
      code,
    });
  try {
    const result = await run();
    await log(Code.OK, describe?.(result) ?? {});
    return result;
  } catch (err) {
    const code = err instanceof ApiError ? err.code : Code.INTERNAL;
    const why = err instanceof Error ? err.message : '';
    await log(code, { detail: target.detail ? `${target.detail}: ${why}` : why });
    throw err;
  }
}
