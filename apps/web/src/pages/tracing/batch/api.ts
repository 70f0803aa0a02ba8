import type {
  AddBatchBody,
  AddShipmentBody,
  BatchOptions,
  BatchRevision,
  Paged,
  PublicTrace,
  TraceBatchDetail,
  TraceSection,
  TraceShipment,
  WithdrawBatchBody,
} from '@farmpark/contracts';
import { download, get, post } from '../../../api/request';

/** Calls of trace batches (server module trace/batches). */
const P = '/api/merchant/trace/batch';
const quiet = { json: true, silent: true } as const;
export type ListParams = Record<string, string | number | boolean | undefined> & { pageNum: number; pageSize: number };
export type BatchInput = AddBatchBody;
export type PublishedView =
  | { status: 'published'; trace: PublicTrace }
  | { status: 'withdrawn'; withdrawnOn: string | null }
  | null;
export const getBatchList = (p: ListParams) => get<Paged<TraceBatchDetail>>(`${P}/getBatchList`, p);
export const getBatchOptions = (groupId: number) => get<BatchOptions>(`${P}/getBatchOptions`, { groupId });
export const getBatchPreview = (id: number) => get<PublicTrace>(`${P}/getBatchPreview`, { id });
export const getPublished = (id: number) => get<PublishedView>(`${P}/getPublishedTrace`, { id });
export const addBatch = (b: BatchInput) => post<{ id: number }>(`${P}/addBatch`, b, quiet);
export const updateBatch = (b: BatchInput & { id: number }) => post(`${P}/updateBatch`, b, quiet);
export const removeBatch = (id: number[]) => post(`${P}/removeBatch`, { id }, { json: true });
export const publishBatch = (id: number, sections: TraceSection[]) =>
  post<{ version: number }>(`${P}/publishBatch`, { id, sections }, { json: true });
export const withdrawBatch = (b: WithdrawBatchBody) =>
  post<{ codes: number; withdrawnOn: string }>(`${P}/withdrawBatch`, b, quiet);
export const getRevisions = (id: number) => get<BatchRevision[]>(`${P}/getBatchRevisionList`, { id });
/** Where the batch went, and the recall list made from it. */
export const getShipments = (batchId: number) =>
  get<Paged<TraceShipment>>(`${P}/getShipmentList`, { batchId, pageNum: 1, pageSize: 100 });
export const addShipment = (b: AddShipmentBody) => post<{ id: number }>(`${P}/addShipment`, b, quiet);
export const removeShipment = (batchId: number, id: number) =>
  post(`${P}/removeShipment`, { batchId, id: [id] }, { json: true });
export const downloadRecall = (batchId: number, format: 'csv' | 'xlsx') =>
  download(`${P}/exportRecallList`, { params: { batchId, format }, timeoutMs: 120_000 });
/** A file the preview shows (a report of the console's own routes), fetched with the session token. */
export const fetchFile = (url: string) => download(url);
