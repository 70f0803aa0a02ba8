import type {
  CodeJob,
  CodeSettings,
  CodeStats,
  LabelJob,
  Paged,
  PublicBaseView,
  SuspectedCodeRow,
  TraceBatch,
  TraceCodeRow,
} from '@farmpark/contracts';
import { buildUrl, download, get, post } from '../../../api/request';

/** Calls of one item one code (server module trace/codes). */
const P = '/api/merchant/traceCode';
const quiet = { json: true, silent: true } as const;
export type ListParams = Record<string, string | number | boolean | undefined> & { pageNum: number; pageSize: number };

/** The park's batches for the picker (the batch page's list; a park has tens, not thousands). */
export const getBatches = (groupId: number) =>
  get<Paged<TraceBatch>>('/api/merchant/trace/batch/getBatchList', { groupId, pageNum: 1, pageSize: 500 });
export const generateCodes = (batchId: number, count: number) =>
  post<{ jobId: number }>(`${P}/generateCodes`, { batchId, count }, quiet);
export const getCodeJob = (jobId: number) => get<CodeJob>(`${P}/getCodeJob`, { jobId });
export const getCodeJobs = (batchId: number) => get<CodeJob[]>(`${P}/getCodeJobList`, { batchId });
export const getCodeList = (p: ListParams & { batchId: number }) => get<Paged<TraceCodeRow>>(`${P}/getCodeList`, p);
export const voidCodes = (b: { batchId: number; ids?: number[]; fromSeq?: number; toSeq?: number; reason: string }) =>
  post<{ voided: number }>(`${P}/voidCodes`, b, quiet);
export const getCodeStats = (batchId: number, days: number) => get<CodeStats>(`${P}/getCodeStats`, { batchId, days });
export const getSuspected = (p: ListParams & { batchId?: number }) =>
  get<Paged<SuspectedCodeRow>>(`${P}/getSuspectedCodeList`, p);
export const getCodeSettings = () => get<CodeSettings>(`${P}/getCodeSettings`);
export const alterCodeSettings = (b: CodeSettings) => post<CodeSettings>(`${P}/alterCodeSettings`, b, quiet);
/** A label sheet made in the background: started, polled for progress, then saved by the browser from its URL. */
export const startLabelJob = (b: { batchId: number; size: string; fromSeq?: number; toSeq?: number }) =>
  post<LabelJob>(`${P}/startLabelJob`, b, { json: true });
export const getLabelJob = (jobId: number) => get<LabelJob>(`${P}/getLabelJob`, { jobId });
export const labelFileUrl = (jobId: number) => buildUrl(`${P}/getLabelFile`, { jobId });
/** The address QR codes print, and the administrator's setting of it. */
export const getPublicBase = () => get<PublicBaseView>(`${P}/getPublicBase`);
export const alterPublicBase = (url: string) => post<PublicBaseView>(`${P}/alterPublicBase`, { url }, quiet);
export const downloadCodeList = (batchId: number, format: 'csv' | 'xlsx') =>
  download(`${P}/exportCodeList`, { params: { batchId, format }, timeoutMs: 120_000 });
