import type { MessageLang, Paged, SystemLogEntry, SystemLogFilter, SystemLogListQuery } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { ExportColumn, ExportRow } from '../../http/exportWriter';
import type { AuthContext } from '../auth/sessions';
import { type LogText, objectNames, phraseLogRow } from './phrase';
import { type LogQuery, listLog, logPageBefore } from './repo';

type Row = Awaited<ReturnType<typeof listLog>>['rows'][number];

const toEntry = (r: Row, text: LogText): SystemLogEntry => ({
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
  text,
});

/** A page of rows phrased in `lang`, objects named from one lookup per kind. */
async function phrased(db: Db, auth: AuthContext, rows: Row[], lang: MessageLang): Promise<SystemLogEntry[]> {
  const names = await objectNames(db, auth.merchantId, rows);
  return rows.map((r) => toEntry(r, phraseLogRow(r, lang, names)));
}

/** The log of the caller's company only: who did what is company business, not park business. */
const queryOf = (auth: AuthContext, f: SystemLogFilter): LogQuery => ({ merchantId: auth.merchantId, ...f });

export async function systemLogList(
  db: Db,
  auth: AuthContext,
  q: SystemLogListQuery,
  lang: MessageLang,
): Promise<Paged<SystemLogEntry>> {
  const { pageNum, pageSize, ...filter } = q;
  const { rows, total } = await listLog(db, queryOf(auth, filter), { pageNum, pageSize });
  return { list: await phrased(db, auth, rows, lang), total, pageNum, pageSize };
}

/** The export's columns, in the reader's language: the words of the page (operator, action, object, detail). */
export const SYSTEM_LOG_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'createdAt', header: { zh: '时间', en: 'Time' }, width: 20, time: true },
  { key: 'operator', header: { zh: '操作人', en: 'Operator' } },
  { key: 'action', header: { zh: '操作', en: 'Action' } },
  { key: 'target', header: { zh: '对象', en: 'Object' }, width: 24 },
  { key: 'detail', header: { zh: '详情', en: 'Detail' }, width: 40 },
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
export async function* systemLogRows(
  db: Db,
  auth: AuthContext,
  filter: SystemLogFilter,
  lang: MessageLang,
): AsyncGenerator<ExportRow> {
  const query = queryOf(auth, filter);
  let before: number | null = null;
  for (;;) {
    const rows = await logPageBefore(db, query, before, EXPORT_PAGE);
    if (rows.length === 0) return;
    const entries = await phrased(db, auth, rows, lang);
    for (const [i, e] of entries.entries()) {
      yield {
        createdAt: Number(rows[i].created_at),
        ...e.text,
        ip: e.ip,
        result: e.result,
        resultCode: e.resultCode,
      };
    }
    if (rows.length < EXPORT_PAGE) return;
    before = rows[rows.length - 1].id;
  }
}
