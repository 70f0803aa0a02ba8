import { z } from 'zod';
import { id, idList } from '../envelope';
import { ruleIssue } from '../errorDetail';
import { dayField, optText, parkPageQuery, text } from '../production/coreValues';
import { boolField, jsonText, nullable } from '../requestValues';

/** Report library (/tracingCenter/rootsReport): inspection reports with their file (PDF or picture). */
export const REPORT_MAX_BYTES = 20 * 1024 * 1024;
export const REPORT_FILE_TYPES = ['pdf', 'image'] as const;
export type ReportFileType = (typeof REPORT_FILE_TYPES)[number];

export const reportItem = z.object({
  name: text(100, 1),
  result: text(100, 1),
  standard: optText(100),
  pass: boolField(),
});
export type ReportItem = z.infer<typeof reportItem>;

export const reportFields = z.object({
  groupId: id,
  agency: text(100, 1),
  reportNo: text(50, 1),
  sampledOn: dayField(),
  reportedOn: dayField(),
  validUntil: nullable(dayField()),
  passed: boolField(),
  items: jsonText(z.array(reportItem).max(100)),
  notes: optText(500),
});
function datesInOrder(b: { sampledOn: string; reportedOn: string; validUntil: string | null }, ctx: z.RefinementCtx) {
  if (b.reportedOn < b.sampledOn) ctx.addIssue(ruleIssue(['reportedOn'], 'notBefore', { other: 'sampledOn' }));
  if (b.validUntil !== null && b.validUntil < b.reportedOn)
    ctx.addIssue(ruleIssue(['validUntil'], 'notBefore', { other: 'reportedOn' }));
}
export const addReportBody = reportFields.superRefine(datesInOrder);
export type AddReportBody = z.infer<typeof addReportBody>;
export const updateReportBody = reportFields.extend({ id }).superRefine(datesInOrder);
export type UpdateReportBody = z.infer<typeof updateReportBody>;
export const reportListQuery = parkPageQuery;
export type ReportListQuery = z.infer<typeof reportListQuery>;
export const traceIdQuery = z.object({ id });
export const traceIdsBody = z.object({ id: idList });

export interface TraceReport {
  id: number;
  groupId: number;
  agency: string;
  reportNo: string;
  sampledOn: string;
  reportedOn: string;
  validUntil: string | null;
  passed: boolean;
  items: ReportItem[];
  notes: string;
  /** null until a file is uploaded. */
  fileType: ReportFileType | null;
  fileBytes: number | null;
  /** The batches this report is linked to. */
  batches: { id: number; productName: string; lot: string }[];
}
