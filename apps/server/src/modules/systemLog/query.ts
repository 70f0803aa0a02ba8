import {
  type Paged,
  SYSTEM_LOG_CSV_COLUMNS,
  type SystemLogEntry,
  type SystemLogFilter,
  type SystemLogListQuery,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { AuthContext } from '../auth/sessions';
import { type LogQuery, listLog, logPageBefore } from './repo';

type Row = Awaited<ReturnType<typeof listLog>>['rows'][number];

const toEntry = (r: Row): SystemLogEntry => ({
  id: r.id,
  createdAt: new Date(Number(r.created_at)).toISOString(),
  loginName: r.login_name,
  userId: r.user_id,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  detail: r.detail,
  ip: r.ip,
  result: r.result === 'ok' ? 'ok' : 'fail',
  resultCode: r.result_code,
});

/** The log of the caller's company only: who did what is company business, not park business. */
const queryOf = (auth: AuthContext, f: SystemLogFilter): LogQuery => ({ merchantId: auth.merchantId, ...f });

export async function systemLogList(db: Db, auth: AuthContext, q: SystemLogListQuery): Promise<Paged<SystemLogEntry>> {
  const { pageNum, pageSize, ...filter } = q;
  const { rows, total } = await listLog(db, queryOf(auth, filter), pageNum, pageSize);
  return { list: rows.map(toEntry), total, pageNum, pageSize };
}

/** RFC 4180 quoting; a leading = + - @ is defused so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const EXPORT_PAGE = 1000;

/**
 * The whole filtered log as CSV lines, read a page at a time so memory stays flat however long
 * the log is. A BOM first so spreadsheet programs read the Chinese text as UTF-8.
 */
export async function* systemLogCsv(db: Db, auth: AuthContext, filter: SystemLogFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...SYSTEM_LOG_CSV_COLUMNS])}`;
  const query = queryOf(auth, filter);
  let before: number | null = null;
  for (;;) {
    const rows = await logPageBefore(db, query, before, EXPORT_PAGE);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      const e = toEntry(r);
      chunk += csvLine([
        e.createdAt,
        e.loginName,
        e.action,
        e.targetType,
        e.targetId,
        e.detail,
        e.ip,
        e.result,
        e.resultCode,
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_PAGE) return;
    before = rows[rows.length - 1].id;
  }
}
