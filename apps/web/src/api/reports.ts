import type {
  Paged,
  ReportFileKind,
  ReportLang,
  ReportListItem,
  ReportSettings,
  SaveReportSettingsBody,
} from '@farmpark/contracts';
import { buildUrl, get, post } from './request';

const R = '/api/merchant/reports';

/** The active park's report schedule, the contacts it may mail and whether the caller may change it. */
export const getReportSettings = (groupId: number) => get<ReportSettings>(`${R}/getReportSettings`, { groupId });
/** Quiet: the form shows a refusal under its field. */
export const saveReportSettings = (body: SaveReportSettingsBody) =>
  post<null>(`${R}/saveReportSettings`, body, { json: true, silent: true });
export const getReportList = (groupId: number, pageNum = 1, pageSize = 10) =>
  get<Paged<ReportListItem>>(`${R}/getReportList`, { groupId, pageNum, pageSize });
/** A plain link the browser opens or saves (the session cookie authorises it). */
export const reportFileUrl = (id: number, kind: ReportFileKind, lang: ReportLang) =>
  buildUrl(`${R}/getReportFile`, { id, kind, lang });
