import type {
  AddBatchBody,
  AddReportBody,
  AddShipmentBody,
  AddTreeBody,
  BatchOptions,
  BatchRevision,
  CodeJob,
  CodeSettings,
  CodeStats,
  LabelJob,
  Paged,
  PublicBaseView,
  PublicTrace,
  SuspectedCodeRow,
  TraceBatchDetail,
  TraceCodeRow,
  TraceReport,
  TraceSection,
  TraceShipment,
  Tree,
  TreeCare,
  TreeDetail,
  WithdrawBatchBody,
} from '@farmpark/contracts';
import { buildUrl, download, type ExportFormat, get, type ListParams, post, request } from './request';

export type { ListParams };

/** Calls of the tracing centre (server modules trace/reports, trace/batches, trace/codes, trace/trees). */
const quiet = { json: true, silent: true } as const;

// the report library
const REPORT = '/api/merchant/trace/report';
export type ReportInput = AddReportBody;
export const getReportList = (p: ListParams) => get<Paged<TraceReport>>(`${REPORT}/getReportList`, p);
export const addReport = (b: ReportInput) => post<{ id: number }>(`${REPORT}/addReport`, b, quiet);
export const updateReport = (b: ReportInput & { id: number }) => post(`${REPORT}/updateReport`, b, quiet);
export const removeReport = (id: number[]) => post(`${REPORT}/removeReport`, { id }, { json: true });
/** The file goes as raw bytes; its type is checked by its content on the server, not by this header. */
export const uploadReportFile = (id: number, file: Blob) =>
  request(buildUrl(`${REPORT}/uploadReportFile`, { id }), { method: 'POST', blob: file, timeoutMs: 120_000 });
/** The file with the session token, as a blob the preview can show (a plain link would carry no token). */
export const fetchReportFile = (id: number) => download(`${REPORT}/getReportFile`, { params: { id } });

// trace batches
const BATCH = '/api/merchant/trace/batch';
export type BatchInput = AddBatchBody;
export type PublishedView =
  | { status: 'published'; trace: PublicTrace }
  | { status: 'withdrawn'; withdrawnOn: string | null }
  | null;
export const getBatchList = (p: ListParams) => get<Paged<TraceBatchDetail>>(`${BATCH}/getBatchList`, p);
/** The park's batches for a picker (a park has tens, not thousands). */
export const getBatches = (groupId: number) => getBatchList({ groupId, pageNum: 1, pageSize: 500 });
export const getBatchOptions = (groupId: number) => get<BatchOptions>(`${BATCH}/getBatchOptions`, { groupId });
export const getBatchPreview = (id: number) => get<PublicTrace>(`${BATCH}/getBatchPreview`, { id });
export const getPublished = (id: number) => get<PublishedView>(`${BATCH}/getPublishedTrace`, { id });
export const addBatch = (b: BatchInput) => post<{ id: number }>(`${BATCH}/addBatch`, b, quiet);
export const updateBatch = (b: BatchInput & { id: number }) => post(`${BATCH}/updateBatch`, b, quiet);
export const removeBatch = (id: number[]) => post(`${BATCH}/removeBatch`, { id }, { json: true });
export const publishBatch = (id: number, sections: TraceSection[]) =>
  post<{ version: number }>(`${BATCH}/publishBatch`, { id, sections }, { json: true });
/** Withdrawal (administrators): a reason kept by the merchant, the day consumers read. */
export const withdrawBatch = (b: WithdrawBatchBody) =>
  post<{ codes: number; withdrawnOn: string }>(`${BATCH}/withdrawBatch`, b, quiet);
export const getRevisions = (id: number) => get<BatchRevision[]>(`${BATCH}/getBatchRevisionList`, { id });
/** Where the batch went, and the recall list made from it. */
export const getShipments = (batchId: number) =>
  get<Paged<TraceShipment>>(`${BATCH}/getShipmentList`, { batchId, pageNum: 1, pageSize: 100 });
export const addShipment = (b: AddShipmentBody) => post<{ id: number }>(`${BATCH}/addShipment`, b, quiet);
export const removeShipment = (batchId: number, id: number) =>
  post(`${BATCH}/removeShipment`, { batchId, id: [id] }, { json: true });
export const downloadRecall = (batchId: number, format: ExportFormat) =>
  download(`${BATCH}/exportRecallList`, { params: { batchId, format }, timeoutMs: 120_000 });
/** A file the preview shows (a report of the console's own routes), fetched with the session token. */
export const fetchFile = (url: string) => download(url);

// one item one code
const CODE = '/api/merchant/traceCode';
export const generateCodes = (batchId: number, count: number) =>
  post<{ jobId: number }>(`${CODE}/generateCodes`, { batchId, count }, quiet);
export const getCodeJob = (jobId: number) => get<CodeJob>(`${CODE}/getCodeJob`, { jobId });
export const getCodeJobs = (batchId: number) => get<CodeJob[]>(`${CODE}/getCodeJobList`, { batchId });
export const getCodeList = (p: ListParams & { batchId: number }) => get<Paged<TraceCodeRow>>(`${CODE}/getCodeList`, p);
export const voidCodes = (b: { batchId: number; ids?: number[]; fromSeq?: number; toSeq?: number; reason: string }) =>
  post<{ voided: number }>(`${CODE}/voidCodes`, b, quiet);
export const getCodeStats = (batchId: number, days: number) =>
  get<CodeStats>(`${CODE}/getCodeStats`, { batchId, days });
export const getSuspected = (p: ListParams & { batchId?: number }) =>
  get<Paged<SuspectedCodeRow>>(`${CODE}/getSuspectedCodeList`, p);
export const getCodeSettings = () => get<CodeSettings>(`${CODE}/getCodeSettings`);
export const alterCodeSettings = (b: CodeSettings) => post<CodeSettings>(`${CODE}/alterCodeSettings`, b, quiet);
/** A label sheet made in the background: started, polled for progress, then saved by the browser from its URL. */
export const startLabelJob = (b: { batchId: number; size: string; fromSeq?: number; toSeq?: number }) =>
  post<LabelJob>(`${CODE}/startLabelJob`, b, { json: true });
export const getLabelJob = (jobId: number) => get<LabelJob>(`${CODE}/getLabelJob`, { jobId });
export const labelFileUrl = (jobId: number) => buildUrl(`${CODE}/getLabelFile`, { jobId });
/** The address QR codes print, and the administrator's setting of it. */
export const getPublicBase = () => get<PublicBaseView>(`${CODE}/getPublicBase`);
export const alterPublicBase = (url: string) => post<PublicBaseView>(`${CODE}/alterPublicBase`, { url }, quiet);
export const downloadCodeList = (batchId: number, format: ExportFormat) =>
  download(`${CODE}/exportCodeList`, { params: { batchId, format }, timeoutMs: 120_000 });

// one tree one code
const TREE = '/api/merchant/trace/tree';
/** A tree as the console sends it: the contract's body. */
export type TreeInput = AddTreeBody;
export interface CareInput {
  treeId: number;
  type: string;
  doneOn: string;
  notes: string;
  materials: { materialId: number; quantity: number }[];
}
export const getTreeList = (p: ListParams) => get<Paged<Tree>>(`${TREE}/getTreeList`, p);
export const getTreeDetail = (id: number) => get<TreeDetail>(`${TREE}/getTreeDetail`, { id });
export const addTree = (b: TreeInput) => post<{ id: number }>(`${TREE}/addTree`, b, quiet);
export const alterTree = (b: TreeInput & { id: number }) => post(`${TREE}/alterTree`, b, quiet);
export const removeTrees = (id: number[]) => post(`${TREE}/removeTree`, { id }, { json: true });
export const getTreeCare = (treeId: number) => get<TreeCare[]>(`${TREE}/getTreeCareList`, { treeId });
export const addTreeCare = (b: CareInput) => post<{ id: number }>(`${TREE}/addTreeCare`, b, quiet);
export const removeTreeCare = (treeId: number, farmWorkId: number) =>
  post(`${TREE}/removeTreeCare`, { treeId, farmWorkId }, { json: true });
/** The photo goes as raw bytes; the server checks what it is by its content. */
export const uploadTreePhoto = (treeId: number, file: Blob) =>
  request(buildUrl(`${TREE}/uploadTreePhoto/${treeId}`), { method: 'POST', blob: file, timeoutMs: 120_000 });
export const removeTreePhoto = (id: number) => post(`${TREE}/removeTreePhoto`, { id }, { json: true });
export const downloadTreeTags = (params: { ids?: string; groupId?: number; size: string }) =>
  download(`${TREE}/exportTreeTags`, { params, timeoutMs: 120_000 });
