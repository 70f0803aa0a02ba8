import type {
  Paged,
  ParkReportListQuery,
  ReportFileQuery,
  ReportFrequency,
  ReportLang,
  ReportListItem,
  ReportSettings,
  ReportSummary,
  SaveReportSettingsBody,
} from '@farmpark/contracts';
import { Code } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { requirePark, scopeOf } from '../../http/scope';
import { contactsOfPark } from '../alarms/contactsRepo';
import type { AuthContext } from '../auth/sessions';
import { zoneOfPark } from '../parks/repo';
import { audited } from '../systemLog/service';
import { reportStore } from './build';
import * as repo from './repo';

const langOf = (v: string): ReportLang => (v === 'en' ? 'en' : 'zh');

/** The park's schedule (a default, disabled weekly one before it was ever saved) and the contacts it may use. */
export async function reportSettings(
  db: Db,
  auth: AuthContext,
  groupId: number,
  tzName: string,
): Promise<ReportSettings> {
  requirePark(auth, groupId);
  const row = await repo.settingsOf(db, scopeOf(auth), groupId);
  const contacts = (await contactsOfPark(db, scopeOf(auth), groupId))
    .filter((c) => c.email !== '')
    .map((c) => ({ id: c.id, name: c.name, email: c.email, lang: langOf(c.lang) }));
  return {
    groupId,
    enabled: row ? row.enabled === 1 : false,
    frequency: (row?.frequency ?? 'weekly') as ReportFrequency,
    weekday: row?.weekday ?? 1,
    sendHour: row?.send_hour ?? 8,
    contactIds: row ? (JSON.parse(row.contact_ids) as number[]) : [],
    timeZone: await zoneOfPark(db, groupId, tzName),
    canEdit: auth.isAdmin,
    contacts,
  };
}

/** Administrators only; every contact must serve the park and have an e-mail address. */
export function saveReportSettings(db: Db, auth: AuthContext, body: SaveReportSettingsBody, meta: ClientMeta) {
  const entry = { action: 'reports.alter', targetType: 'reports', targetId: body.groupId } as const;
  return audited(db, auth, meta, entry, async () => {
    if (!auth.isAdmin)
      throw new ApiError(Code.PERMISSION_DENIED, {
        zh: '只有管理员可以设置定时报告',
        en: 'Only an administrator may set the scheduled reports',
      });
    requirePark(auth, body.groupId);
    const ids = [...new Set(body.contactIds)];
    const usable = new Set(
      (await contactsOfPark(db, scopeOf(auth), body.groupId)).filter((c) => c.email !== '').map((c) => c.id),
    );
    const bad = ids.find((id) => !usable.has(id));
    if (bad !== undefined)
      throw new ApiError(
        Code.VALIDATION,
        {
          zh: `contactIds: 联系人 ${bad} 不服务于该园区或没有邮箱`,
          en: `contactIds: contact ${bad} does not serve this park or has no e-mail address`,
        },
        { field: 'contactIds', rule: 'invalid' },
      );
    await repo.saveSettings(db, scopeOf(auth), body.groupId, {
      enabled: body.enabled ? 1 : 0,
      frequency: body.frequency,
      weekday: body.weekday,
      send_hour: body.sendHour,
      contact_ids: JSON.stringify(ids),
      updated_at: Date.now(),
    });
    return null;
  });
}

/** The park's reports, newest period first, with their files and e-mails. */
export async function reportList(db: Db, auth: AuthContext, q: ParkReportListQuery): Promise<Paged<ReportListItem>> {
  requirePark(auth, q.groupId);
  const [rows, count] = await repo.reportPage(db, scopeOf(auth), q.groupId, q.pageNum, q.pageSize);
  const ids = rows.map((r) => r.id);
  const [files, deliveries] = await Promise.all([repo.filesOf(db, ids), repo.deliveriesOf(db, ids)]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      frequency: r.frequency as ReportFrequency,
      from: r.period_start,
      to: r.period_end,
      createdAt: Number(r.created_at),
      files: files
        .filter((f) => f.report_id === r.id)
        .map((f) => ({ lang: langOf(f.lang), kind: f.kind as 'pdf' | 'xlsx', bytes: Number(f.bytes) })),
      deliveries: deliveries
        .filter((d) => d.report_id === r.id)
        .map((d) => ({
          contactName: d.contact_name,
          target: d.target,
          lang: langOf(d.lang),
          state: d.state,
          attempts: Number(d.attempts),
          lastError: d.last_error,
        })),
      summary: JSON.parse(r.summary) as ReportSummary,
    })),
    total: Number(count.n),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** One file of a report of the caller's parks: where it is in the store, its type and its name. */
export async function reportFile(db: Db, auth: AuthContext, q: ReportFileQuery, dataDir: string) {
  const f = await repo.reportFile(db, scopeOf(auth), q.id, q.lang, q.kind);
  if (!f) throw notFound(`id ${q.id}: report`);
  const name = q.lang === 'en' ? 'park-report' : '园区报告';
  return {
    path: reportStore(dataDir).pathOf(f.sha256, q.kind),
    mime: f.mime,
    filename: `${name}-${f.period_start}_${f.period_end}.${q.kind}`,
  };
}
