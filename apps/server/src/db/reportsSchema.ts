import type { Day, Flag, Id, Ms } from './columnTypes';

/** Scheduled park reports (migration 2026_11_29_98, modules/reports). */
export interface ReportSettingsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  enabled: Flag;
  /** 'daily' | 'weekly'. */
  frequency: string;
  /** ISO weekday 1..7 of a weekly report. */
  weekday: number;
  /** Hour 0..23 in the park's zone. */
  send_hour: number;
  /** Alarm contact ids, JSON text. */
  contact_ids: string;
  updated_at: Ms;
}

export interface ParkReportsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  frequency: string;
  period_start: Day;
  period_end: Day;
  /** The report's numbers (contracts `ReportSummary`), JSON text. */
  summary: string;
  created_at: Ms;
}

export interface ParkReportFilesTable {
  id: Id;
  report_id: number;
  lang: string;
  /** 'pdf' | 'xlsx'. */
  kind: string;
  sha256: string;
  mime: string;
  bytes: number;
}

export interface ReportDeliveriesTable {
  id: Id;
  report_id: number;
  contact_id: number | null;
  contact_name: string;
  target: string;
  lang: string;
  state: string;
  attempts: number;
  next_at: Ms;
  last_error: string;
  created_at: Ms;
  sent_at: Ms | null;
}

export interface ReportsTables {
  report_settings: ReportSettingsTable;
  park_reports: ParkReportsTable;
  park_report_files: ParkReportFilesTable;
  report_deliveries: ReportDeliveriesTable;
}
