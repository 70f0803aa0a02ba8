import type {
  AddReportBody,
  Paged,
  ReportFileType,
  ReportItem,
  ReportListQuery,
  TraceReport,
  UpdateReportBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { notFound } from '../../../http/apiError';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import type { CheckedReportFile } from './files';
import * as repo from './repo';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findReport>>>;
type Links = Awaited<ReturnType<typeof repo.batchesOfReports>>;

export const reportItemsOf = (r: { items: string }): ReportItem[] => JSON.parse(r.items) as ReportItem[];
const toReport = (r: Row, links: Links): TraceReport => ({
  id: r.id,
  groupId: r.group_id,
  agency: r.agency,
  reportNo: r.report_no,
  sampledOn: r.sampled_on,
  reportedOn: r.reported_on,
  validUntil: r.valid_until,
  passed: Number(r.passed) === 1,
  items: reportItemsOf(r),
  notes: r.notes,
  fileType: (r.file_type as ReportFileType | null) ?? null,
  fileBytes: r.file_bytes === null ? null : Number(r.file_bytes),
  batches: links
    .filter((l) => l.report_id === r.id)
    .map((l) => ({ id: l.id, productName: l.product_name, lot: l.lot })),
});

const rowOf = (b: AddReportBody): repo.ReportRow => ({
  group_id: b.groupId,
  agency: b.agency,
  report_no: b.reportNo,
  sampled_on: b.sampledOn,
  reported_on: b.reportedOn,
  valid_until: b.validUntil,
  passed: b.passed ? 1 : 0,
  items: JSON.stringify(b.items),
  notes: b.notes,
});

export async function listReports(db: Db, auth: AuthContext, q: ReportListQuery): Promise<Paged<TraceReport>> {
  requirePark(auth, q.groupId);
  const { rows, total } = await repo.listReports(db, scopeOf(auth), q);
  const ids = rows.map((r) => r.id);
  const links = await repo.batchesOfReports(db, scopeOf(auth), ids);
  return { list: rows.map((r) => toReport(r, links)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** A report of the caller's parks, or "not found" (another merchant's id answers the same as none). */
export async function reportOf(db: Db, auth: AuthContext, id: number): Promise<Row> {
  const row = await repo.findReport(db, scopeOf(auth), id);
  if (!row) throw notFound(`id ${id}: report`);
  return row;
}

export async function reportDetail(db: Db, auth: AuthContext, id: number): Promise<TraceReport> {
  const row = await reportOf(db, auth, id);
  return toReport(row, await repo.batchesOfReports(db, scopeOf(auth), [id]));
}

export async function addReport(db: Db, auth: AuthContext, b: AddReportBody) {
  requirePark(auth, b.groupId);
  return { id: await repo.insertReport(db, scopeOf(auth), rowOf(b)) };
}

export async function updateReport(db: Db, auth: AuthContext, b: UpdateReportBody) {
  requirePark(auth, b.groupId);
  const row = await reportOf(db, auth, b.id);
  // a report stays in its park: its batches link it there
  if (row.group_id !== b.groupId) throw notFound(`id ${b.id}: report`);
  await repo.updateReport(db, scopeOf(auth), b.id, rowOf(b));
  return null;
}

/**
 * Removes reports and their links to batches. Their files stay: a published snapshot may still show one,
 * and content-addressed files are shared by identical uploads.
 */
export async function removeReports(db: Db, auth: AuthContext, ids: number[]) {
  for (const id of ids) await reportOf(db, auth, id);
  await repo.deleteReports(db, scopeOf(auth), ids);
  return null;
}

export async function attachReportFile(
  db: Db,
  auth: AuthContext,
  id: number,
  checked: CheckedReportFile,
  store: () => Promise<{ sha256: string }>,
) {
  await reportOf(db, auth, id);
  const { sha256 } = await store();
  await repo.updateReport(db, scopeOf(auth), id, {
    file_sha256: sha256,
    file_type: checked.type,
    file_mime: checked.mime,
    file_bytes: checked.bytes,
  });
  return { fileType: checked.type, fileBytes: checked.bytes };
}
