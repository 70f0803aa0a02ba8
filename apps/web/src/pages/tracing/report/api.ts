import type { AddReportBody, Paged, TraceReport } from '@farmpark/contracts';
import { buildUrl, download, get, post, request } from '../../../api/request';

/** Calls of the report library (server module trace/reports). */
const P = '/api/merchant/trace/report';
const quiet = { json: true, silent: true } as const;
export type ListParams = Record<string, string | number | boolean | undefined> & { pageNum: number; pageSize: number };
export type ReportInput = AddReportBody;
export const getReportList = (p: ListParams) => get<Paged<TraceReport>>(`${P}/getReportList`, p);
export const addReport = (b: ReportInput) => post<{ id: number }>(`${P}/addReport`, b, quiet);
export const updateReport = (b: ReportInput & { id: number }) => post(`${P}/updateReport`, b, quiet);
export const removeReport = (id: number[]) => post(`${P}/removeReport`, { id }, { json: true });
/** The file goes as raw bytes; its type is checked by its content on the server, not by this header. */
export const uploadReportFile = (id: number, file: Blob) =>
  request(buildUrl(`${P}/uploadReportFile`, { id }), { method: 'POST', blob: file, timeoutMs: 120_000 });
/** The file with the session token, as a blob the preview can show (a plain link would carry no token). */
export const fetchReportFile = (id: number) => download(`${P}/getReportFile`, { params: { id } });
