import type { Paged, SystemLogEntry, SystemLogFilter, SystemLogListQuery } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { ExportColumn, ExportRow } from '../../http/exportWriter';
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

/** The export's columns, in the reader's language. */
export const SYSTEM_LOG_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'createdAt', header: { zh: '时间', en: 'Time' }, width: 20, time: true },
  { key: 'loginName', header: { zh: '登录名', en: 'Login name' } },
  { key: 'action', header: { zh: '操作', en: 'Action' } },
  { key: 'targetType', header: { zh: '对象类型', en: 'Target type' } },
  { key: 'targetId', header: { zh: '对象ID', en: 'Target id' } },
  { key: 'detail', header: { zh: '详情', en: 'Detail' }, width: 30 },
  { key: 'ip', header: { zh: 'IP地址', en: 'IP address' } },
  {
    key: 'result',
    header: { zh: '结果', en: 'Result' },
    values: { ok: { zh: '成功', en: 'Success' }, fail: { zh: '失败', en: 'Failure' } },
  },
  { key: 'resultCode', header: { zh: '结果码', en: 'Result code' } },
];

const EXPORT_PAGE = 1000;

/** The whole filtered log, read a page at a time so memory stays flat however long the log is. */
export async function* systemLogRows(db: Db, auth: AuthContext, filter: SystemLogFilter): AsyncGenerator<ExportRow> {
  const query = queryOf(auth, filter);
  let before: number | null = null;
  for (;;) {
    const rows = await logPageBefore(db, query, before, EXPORT_PAGE);
    if (rows.length === 0) return;
    for (const r of rows) {
      const { id: _id, userId: _user, ...entry } = toEntry(r);
      yield { ...entry, createdAt: Number(r.created_at) };
    }
    if (rows.length < EXPORT_PAGE) return;
    before = rows[rows.length - 1].id;
  }
}
