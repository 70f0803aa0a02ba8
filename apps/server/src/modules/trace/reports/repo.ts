import type { ReportListQuery } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, rowById, updateById } from '../../../db/rows';
import { inList, type Scope, scoped } from '../../../db/scope';
import type { TraceReportsTable } from '../../../db/traceSchema';

/** Kysely for the report library: reports of the caller's parks and the batches that link them. */

/** A report's own fields as the service writes them (its file is set by the upload). */
export type ReportRow = Omit<
  Selectable<TraceReportsTable>,
  'id' | 'merchant_id' | 'created_at' | 'updated_at' | 'file_sha256' | 'file_type' | 'file_mime' | 'file_bytes'
>;

export function listReports(db: Db, scope: Scope, f: ReportListQuery) {
  const k = `%${f.keyword}%`;
  const q = scoped(db, scope, f.groupId)
    .selectFrom('trace_reports as r')
    .$if(!!f.keyword, (s) => s.where((eb) => eb.or([eb('r.agency', 'like', k), eb('r.report_no', 'like', k)])));
  return pageOfQuery(q.selectAll('r').orderBy('r.reported_on', 'desc').orderBy('r.id', 'desc'), f);
}

export const findReport = (db: Db, scope: Scope, id: number) => rowById(db, scope, 'trace_reports', id);

/** The batches each report is linked to. */
export function batchesOfReports(db: Db, scope: Scope, reportIds: readonly number[]) {
  return scoped(db, scope)
    .selectFrom('trace_batch_reports as l')
    .innerJoin('trace_batches as b', 'b.id', 'l.batch_id')
    .select(['l.report_id', 'b.id', 'b.product_name', 'b.lot'])
    .where('l.report_id', 'in', inList(reportIds))
    .orderBy('b.id')
    .execute();
}

export function insertReport(db: Db, scope: Scope, row: ReportRow): Promise<number> {
  const now = Date.now();
  return insertRow(db, scope, 'trace_reports', {
    ...row,
    merchant_id: scope.merchantId,
    created_at: now,
    updated_at: now,
  });
}

/** Writes a report's fields, or its file's (the upload's). */
export async function updateReport(
  db: Db,
  scope: Scope,
  id: number,
  set: ReportRow | { file_sha256: string; file_type: string; file_mime: string; file_bytes: number },
) {
  await updateById(db, scope, 'trace_reports', id, { ...set, updated_at: Date.now() });
}

export const deleteReports = (db: Db, scope: Scope, ids: readonly number[]) =>
  deleteByIds(db, scope, 'trace_reports', ids);
