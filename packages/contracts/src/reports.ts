import { z } from 'zod';
import { id, pageQuery } from './envelope';
import { boolField, enumField, intField, listOf, withDefault } from './requestValues';

/**
 * Scheduled park reports (issue 27, point 4; docs/REPORTS.md): a PDF summary and an XLSX workbook of a
 * park's day or week, e-mailed to alarm contacts in their language and kept for the console.
 */
export const REPORT_FREQUENCIES = ['daily', 'weekly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
/** The languages a contact reads reports in (the server's message languages). */
export const REPORT_LANGS = ['zh', 'en'] as const;
export type ReportLang = (typeof REPORT_LANGS)[number];
export const REPORT_FILE_KINDS = ['pdf', 'xlsx'] as const;
export type ReportFileKind = (typeof REPORT_FILE_KINDS)[number];

export const reportSettingsQuery = z.object({ groupId: id });
export type ReportSettingsQuery = z.infer<typeof reportSettingsQuery>;

export const saveReportSettingsBody = z.object({
  groupId: id,
  enabled: withDefault(boolField(), true),
  frequency: enumField(REPORT_FREQUENCIES),
  /** ISO weekday (1 = Monday) a weekly report goes out on; ignored for daily reports. */
  weekday: withDefault(
    intField((n) => n.min(1).max(7)),
    1,
  ),
  /** The hour (0-23) of the park's day it goes out at. */
  sendHour: intField((n) => n.min(0).max(23)),
  /** Alarm contacts of the park with an e-mail address. */
  contactIds: listOf(id, (a) => a.max(50)),
});
export type SaveReportSettingsBody = z.infer<typeof saveReportSettingsBody>;

export interface ReportSettings {
  groupId: number;
  enabled: boolean;
  frequency: ReportFrequency;
  weekday: number;
  sendHour: number;
  contactIds: number[];
  /** The park's zone the hour is read in. */
  timeZone: string;
  /** Whether the caller may change them (administrators). */
  canEdit: boolean;
  /** The contacts serving the park that can be sent reports (they have an e-mail address). */
  contacts: { id: number; name: string; email: string; lang: ReportLang }[];
}

export const parkReportListQuery = z.object({ groupId: id, ...pageQuery.shape });
export type ParkReportListQuery = z.infer<typeof parkReportListQuery>;

export const reportFileQuery = z.object({
  id,
  kind: enumField(REPORT_FILE_KINDS),
  lang: withDefault(enumField(REPORT_LANGS), 'zh'),
});
export type ReportFileQuery = z.infer<typeof reportFileQuery>;

/** A park's numbers over a report's period (the same in both languages; the files phrase them). */
export interface ReportSummary {
  parkName: string;
  timeZone: string;
  frequency: ReportFrequency;
  /** First and last day of the period, in the park's zone, both included. */
  from: string;
  to: string;
  alarms: { severity: string; raised: number; acknowledged: number }[];
  water: { deviceId: number; deviceName: string; zone: number; waterM3: number; runs: number }[];
  pests: { categoryId: number; name: string; kind: 'insect' | 'spore'; count: number }[];
  /** Categories with a stage table: where their season stands at the report's end. */
  stages: {
    categoryId: number;
    name: string;
    biofix: string | null;
    sumSinceBiofix: number | null;
    /** The last stage reached (key of the table) and when; the next one and its forecast. */
    reached: { key: string; on: string } | null;
    next: { key: string; forecastOn: string | null } | null;
  }[];
  offline: { deviceId: number; name: string; serial: string; deviceClass: string }[];
  harvests: { crop: string; unit: string; quantity: number; harvests: number }[];
  batches: { id: number; productName: string; lot: string; createdAt: number }[];
}

export interface ReportListItem {
  id: number;
  frequency: ReportFrequency;
  from: string;
  to: string;
  createdAt: number;
  /** The files kept: one PDF and one XLSX per language. */
  files: { lang: ReportLang; kind: ReportFileKind; bytes: number }[];
  deliveries: {
    contactName: string;
    target: string;
    lang: ReportLang;
    state: string;
    attempts: number;
    lastError: string;
  }[];
  summary: ReportSummary;
}
