import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import { inList, type Scope } from '../../../db/scope';
import type { TraceReportsTable } from '../../../db/traceSchema';

/** A report's own fields as the service writes them (its file is set by the upload). */
export type ReportRow = Omit<
  Selectable<TraceReportsTable>,
  'id' | 'merchant_id' | 'created_at' | 'updated_at' | 'file_sha256' | 'file_type' | 'file_mime' | 'file_bytes'
>;

const scoped = (db: Db, scope: Scope) =>
  db
    .selectFrom('trace_reports as r')
    .where('r.merchant_id', '=', scope.merchantId)
    .where('r.group_id', 'in', inList(scope.groupIds));

export function listReports(
  db: Db,
  scope: Scope,
  f: { groupId: number; keyword?: string; pageNum: number; pageSize: number },
) {
  let q = scoped(db, scope).where('r.group_id', '=', f.groupId);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    q = q.where((eb) => eb.or([eb('r.agency', 'like', k), eb('r.report_no', 'like', k)]));
  }
  return pageOf(
    q.selectAll('r').orderBy('r.reported_on', 'desc').orderBy('r.id', 'desc'),
    q.select((eb) => eb.fn.countAll<number>().as('n')),
    f,
  );
}

export const findReport = (db: Db, scope: Scope, id: number) =>
  scoped(db, scope).selectAll('r').where('r.id', '=', id).executeTakeFirst();

export function reportsByIds(db: Db, merchantId: number, groupId: number, ids: readonly number[]) {
  return db
    .selectFrom('trace_reports')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('group_id', '=', groupId)
    .where('id', 'in', inList(ids))
    .orderBy('reported_on')
    .orderBy('id')
    .execute();
}

/** The batches each report is linked to. */
export function batchesOfReports(db: Db, merchantId: number, reportIds: readonly number[]) {
  return db
    .selectFrom('trace_batch_reports as l')
    .innerJoin('trace_batches as b', (j) => j.onRef('b.id', '=', 'l.batch_id').on('b.merchant_id', '=', merchantId))
    .select(['l.report_id', 'b.id', 'b.product_name', 'b.lot'])
    .where('l.merchant_id', '=', merchantId)
    .where('l.report_id', 'in', inList(reportIds))
    .orderBy('b.id')
    .execute();
}

export async function insertReport(db: Db, merchantId: number, row: ReportRow): Promise<number> {
  const now = Date.now();
  const r = await db
    .insertInto('trace_reports')
    .values({ ...row, merchant_id: merchantId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateReport(db: Db, merchantId: number, id: number, row: ReportRow) {
  await db
    .updateTable('trace_reports')
    .set({ ...row, updated_at: Date.now() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .execute();
}

export async function setReportFile(
  db: Db,
  merchantId: number,
  id: number,
  f: { sha256: string; type: string; mime: string; bytes: number },
) {
  await db
    .updateTable('trace_reports')
    .set({ file_sha256: f.sha256, file_type: f.type, file_mime: f.mime, file_bytes: f.bytes, updated_at: Date.now() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteReports(db: Db, scope: Scope, ids: readonly number[]) {
  await db
    .deleteFrom('trace_reports')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids))
    .execute();
}
