import type { Db } from '../../db/connect';

/** For tests: the log lines of a kind of object or action, and their outcomes as `action:result_code`. */
export async function loggedLines(db: Db, f: { targetType?: string; actionLike?: string }) {
  let q = db.selectFrom('system_log').select(['action', 'result_code', 'login_name', 'ip']);
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.actionLike) q = q.where('action', 'like', f.actionLike);
  const rows = await q.execute();
  return { rows, outcomes: [...new Set(rows.map((r) => `${r.action}:${r.result_code}`))] };
}
