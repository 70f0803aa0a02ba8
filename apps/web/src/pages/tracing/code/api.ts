import type {
  CodeJob,
  CodeSettings,
  CodeStats,
  Paged,
  SuspectedCodeRow,
  TraceBatch,
  TraceCodeRow,
} from '@farmpark/contracts';
import { download, get, post } from '../../../api/request';

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
export const downloadLabels = (params: { batchId: number; size: string; fromSeq?: number; toSeq?: number }) =>
  download(`${P}/exportCodeLabels`, { params, timeoutMs: 600_000 });
export const downloadCodeList = (batchId: number, format: 'csv' | 'xlsx') =>
  download(`${P}/exportCodeList`, { params: { batchId, format }, timeoutMs: 120_000 });
