import { IRRIGATION_CLASSES } from '@farmpark/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { ParkReportFilesTable, ReportDeliveriesTable } from '../../db/reportsSchema';
import { inList, parkScope, type Scope, scoped } from '../../db/scope';

// Settings

export function settingsOf(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId).selectFrom('report_settings').selectAll().executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  scope: Scope,
  groupId: number,
  set: {
    enabled: number;
    frequency: string;
    weekday: number;
    send_hour: number;
    contact_ids: string;
    updated_at: number;
  },
) {
  const s = scoped(db, scope, groupId);
  const found = await s.selectFrom('report_settings').select('id').executeTakeFirst();
  if (found) await s.updateTable('report_settings').set(set).where('id', '=', found.id).execute();
  else
    await s
      .insertInto('report_settings')
      .values({ merchant_id: scope.merchantId, group_id: groupId, ...set })
      .execute();
}

/** Every enabled schedule, with its park's name and zone (the scheduler's look, no caller). */
export function enabledSchedules(db: Db) {
  return db
    .selectFrom('report_settings as s')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .selectAll('s')
    .select(['g.name as park_name', 'g.time_zone'])
    .where('s.enabled', '=', 1)
    .orderBy('s.id')
    .execute();
}

// Reports

/** Inserts the report of a period; answers null when it exists (another tick or process built it). */
export async function claimReport(
  db: Db,
  merchantId: number,
  groupId: number,
  r: { frequency: string; period_start: string; period_end: string; created_at: number },
): Promise<number | null> {
  const s = scoped(db, parkScope(merchantId, groupId));
  const row = await s
    .insertInto('park_reports')
    .values({ merchant_id: merchantId, group_id: groupId, ...r, summary: '' })
    .onConflict((oc) => oc.columns(['group_id', 'frequency', 'period_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function finishReport(
  db: Db,
  merchantId: number,
  groupId: number,
  id: number,
  summary: string,
  files: Omit<Insertable<ParkReportFilesTable>, 'id' | 'report_id'>[],
  deliveries: Omit<Insertable<ReportDeliveriesTable>, 'id' | 'report_id'>[],
) {
  await db.transaction().execute(async (trx) => {
    await scoped(trx, parkScope(merchantId, groupId))
      .updateTable('park_reports')
      .set({ summary })
      .where('id', '=', id)
      .execute();
    for (const f of files)
      await trx
        .insertInto('park_report_files')
        .values({ ...f, report_id: id })
        .execute();
    for (const d of deliveries)
      await trx
        .insertInto('report_deliveries')
        .values({ ...d, report_id: id })
        .execute();
  });
}

/** A report claimed whose building failed is given up, so the next tick builds it again. */
export async function dropReport(db: Db, merchantId: number, groupId: number, id: number) {
  await scoped(db, parkScope(merchantId, groupId)).deleteFrom('park_reports').where('id', '=', id).execute();
}

export function reportPage(db: Db, scope: Scope, groupId: number, pageNum: number, pageSize: number) {
  const s = scoped(db, scope, groupId);
  return Promise.all([
    s
      .selectFrom('park_reports')
      .selectAll()
      .where('summary', '!=', '')
      .orderBy('period_end', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    s
      .selectFrom('park_reports')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('summary', '!=', '')
      .executeTakeFirstOrThrow(),
  ]);
}

export function filesOf(db: Db, reportIds: number[]) {
  return db
    .selectFrom('park_report_files')
    .selectAll()
    .where('report_id', 'in', inList(reportIds))
    .orderBy('id')
    .execute();
}

export function deliveriesOf(db: Db, reportIds: number[]) {
  return db
    .selectFrom('report_deliveries')
    .selectAll()
    .where('report_id', 'in', inList(reportIds))
    .orderBy('id')
    .execute();
}

/** One file of a report the caller's scope reaches. */
export function reportFile(db: Db, scope: Scope, id: number, lang: string, kind: string) {
  return scoped(db, scope)
    .selectFrom('park_reports as r')
    .innerJoin('park_report_files as f', 'f.report_id', 'r.id')
    .select(['r.merchant_id', 'r.group_id', 'r.period_start', 'r.period_end', 'r.frequency', 'f.sha256', 'f.mime'])
    .where('r.id', '=', id)
    .where('f.lang', '=', lang)
    .where('f.kind', '=', kind)
    .executeTakeFirst();
}

// The outbox

export function dueDeliveries(db: Db, now: number, limit: number) {
  return db
    .selectFrom('report_deliveries as d')
    .innerJoin('park_reports as r', 'r.id', 'd.report_id')
    .selectAll('d')
    .select(['r.merchant_id', 'r.group_id', 'r.frequency', 'r.period_start', 'r.period_end', 'r.summary'])
    .where('d.state', 'in', ['pending', 'retrying'])
    .where('d.next_at', '<=', now)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export async function setDelivery(db: Db, id: number, set: Updateable<ReportDeliveriesTable>) {
  await db.updateTable('report_deliveries').set(set).where('id', '=', id).execute();
}

// The numbers of a period

/** Alarms raised in [from, to) by severity, and how many of them were acknowledged. */
export function alarmCounts(db: Db, scope: Scope, groupId: number, from: number, to: number) {
  return scoped(db, scope, groupId)
    .selectFrom('alarms')
    .select([
      'severity',
      (eb) => eb.fn.countAll<number | string>().as('raised'),
      (eb) => eb.fn.count<number | string>('acked_at').as('acked'),
    ])
    .where('raised_at', '>=', from)
    .where('raised_at', '<', to)
    .groupBy('severity')
    .execute();
}

export function irrigationMachines(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'name'])
    .where('device_class', 'in', [...IRRIGATION_CLASSES])
    .orderBy('id')
    .execute();
}

export function offlineDevices(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'name', 'serial', 'device_class'])
    .where('online', '=', 0)
    .orderBy('id')
    .execute();
}

/** Harvests of days `from`..`to` by crop and unit. */
export function harvestTotals(db: Db, scope: Scope, groupId: number, from: string, to: string) {
  return scoped(db, scope, groupId)
    .selectFrom('production_harvests as h')
    .innerJoin('production_plantings as p', 'p.id', 'h.planting_id')
    .innerJoin('production_crops as c', 'c.id', 'p.crop_id')
    .select([
      'c.name as crop',
      'h.unit',
      (eb) => eb.fn.sum<number | string>('h.quantity').as('quantity'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('h.harvested_on', '>=', from)
    .where('h.harvested_on', '<=', to)
    .groupBy(['c.name', 'h.unit'])
    .orderBy('c.name')
    .execute();
}

export function batchesMade(db: Db, scope: Scope, groupId: number, from: number, to: number) {
  return scoped(db, scope, groupId)
    .selectFrom('trace_batches')
    .select(['id', 'product_name', 'lot', 'created_at'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('id')
    .execute();
}
