import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type {
  IrrigationDecisionsTable,
  IrrigationProgramSlotsTable,
  IrrigationProgramsTable,
  IrrigationRunsTable,
} from '../../db/irrigationSchema';
import { deleteByIds, pageOfQuery, pagesById, rowById, updateById } from '../../db/rows';
import { inList, inNames, parkScope, type Scope, scoped } from '../../db/scope';
import { matching } from '../../db/search';
import { notFound } from '../../http/apiError';
import { requireParkIfGiven } from '../../http/scope';
import { ownedRules } from '../../rules/repo';

/** Irrigation runs, programs, slots and decisions: Kysely only. */
export type RunRow = Selectable<IrrigationRunsTable>;
export type ProgramRow = Selectable<IrrigationProgramsTable>;
export type DecisionRow = Selectable<IrrigationDecisionsTable>;

const ACTIVE = ['starting', 'running', 'stopping'];

export function findDevice(db: Db, scope: Scope, deviceId: number) {
  return scoped(db, scope)
    .selectFrom('devices')
    .select(['id', 'merchant_id', 'group_id', 'serial', 'name', 'device_class', 'online', 'report_interval_ms'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}

/** Refuses a park or machine outside the caller's scope, so lists never answer for them with an empty page. */
export async function requireInScope(db: Db, scope: Scope, ref: { groupId?: number; deviceId?: number }) {
  requireParkIfGiven(scope, ref.groupId);
  if (ref.deviceId !== undefined && !(await findDevice(db, scope, ref.deviceId)))
    throw notFound(`deviceId ${ref.deviceId}: device`);
}

export function parkDevices(db: Db, scope: Scope, groupId: number, classes: readonly string[]) {
  return scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'serial', 'name', 'device_class', 'online', 'last_seen_at', 'report_interval_ms'])
    .where('device_class', 'in', [...classes])
    .orderBy('id')
    .execute();
}

/** A device by id, whoever's: a rule's or program's machine, already checked when it was saved. */
export function deviceById(db: Db, deviceId: number) {
  return db.selectFrom('devices').select(['device_class', 'name']).where('id', '=', deviceId).executeTakeFirst();
}

export async function deviceNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom('devices').select(['id', 'name']).where('id', 'in', inList(ids)).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function latest(db: Db, deviceId: number): Promise<Map<string, { ts: number; value: number }>> {
  const rows = await db
    .selectFrom('device_latest')
    .select(['key', 'ts', 'value'])
    .where('device_id', '=', deviceId)
    .execute();
  return new Map(rows.map((r) => [r.key, { ts: Number(r.ts), value: r.value }]));
}

export function deviceHealth(db: Db, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(['online', 'last_seen_at', 'report_interval_ms'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}

export async function insertRun(db: Db, row: Insertable<IrrigationRunsTable>): Promise<number> {
  const r = await db.insertInto('irrigation_runs').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Moves a run only if it is still in `from` (the supervisor and a stop request may race). */
export async function updateRun(
  db: Db,
  id: number,
  from: readonly string[],
  set: Updateable<IrrigationRunsTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('irrigation_runs')
    .set(set)
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function activeRuns(db: Db) {
  return db.selectFrom('irrigation_runs').selectAll().where('state', 'in', ACTIVE).orderBy('id').execute();
}

/** Runs stopped at the machine's ack whose usage awaits the readings around the stop (runUsage.ts). */
export function unsettledRuns(db: Db) {
  return db.selectFrom('irrigation_runs').selectAll().where('usage_settled', '=', 0).orderBy('id').execute();
}

export function activeRunOf(db: Db, deviceId: number) {
  return db
    .selectFrom('irrigation_runs')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('state', 'in', ACTIVE)
    .executeTakeFirst();
}

export const findRun = (db: Db, scope: Scope, id: number) => rowById(db, scope, 'irrigation_runs', id);

export function runById(db: Db, id: number) {
  return db.selectFrom('irrigation_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface RunFilter {
  groupId?: number;
  deviceId?: number;
  deviceClasses: readonly string[];
  state?: string;
  trigger?: string;
  triggerRef?: string;
  zone?: number;
  startTime?: number;
  endTime?: number;
}

function runQuery(db: Db, scope: Scope, f: RunFilter) {
  let q = scoped(db, scope, f.groupId)
    .selectFrom('irrigation_runs')
    .selectAll()
    .where('device_class', 'in', inNames(f.deviceClasses))
    .where(matching({ device_id: f.deviceId, state: f.state, trigger: f.trigger, trigger_ref: f.triggerRef }));
  if (f.zone !== undefined) {
    // zones are stored as a JSON list such as [1,3]: the zone is its first, a middle or its last item
    const z = f.zone;
    q = q.where((e) =>
      e.or([
        e('zones', '=', `[${z}]`),
        e('zones', 'like', `[${z},%`),
        e('zones', 'like', `%,${z},%`),
        e('zones', 'like', `%,${z}]`),
      ]),
    );
  }
  if (f.startTime !== undefined) q = q.where('created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('created_at', '<', f.endTime);
  return q;
}

export function listRuns(db: Db, scope: Scope, f: RunFilter, page: { pageNum: number; pageSize: number }) {
  return pageOfQuery(runQuery(db, scope, f).orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
}

/** Every matching run, newest first, a page at a time. */
export const exportRunPages = (db: Db, scope: Scope, f: RunFilter, size: number) =>
  pagesById(runQuery(db, scope, f), size);

export function runsOverlapping(db: Db, scope: Scope, deviceId: number, start: number, end: number) {
  return scoped(db, scope)
    .selectFrom('irrigation_runs')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('started_at', 'is not', null)
    .where('started_at', '<', end)
    .where((e) => e.or([e('ended_at', 'is', null), e('ended_at', '>=', start)]))
    .execute();
}

export function commandOutcome(db: Db, cmdId: string) {
  return db
    .selectFrom('commands')
    .select(['state', 'reason', 'sent_at', 'acked_at', 'ack_ok'])
    .where('cmd_id', '=', cmdId)
    .executeTakeFirst();
}

// Programs

export async function insertProgram(db: Db, row: Insertable<IrrigationProgramsTable>): Promise<number> {
  const r = await db.insertInto('irrigation_programs').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export const updateProgram = (db: Db, scope: Scope, id: number, set: Updateable<IrrigationProgramsTable>) =>
  updateById(db, scope, 'irrigation_programs', id, set);

export const findProgram = (db: Db, scope: Scope, id: number) => rowById(db, scope, 'irrigation_programs', id);

/** With its machine's name wherever the machine is now: a moved machine's programs stay in their park. */
export async function listPrograms(db: Db, scope: Scope, groupId: number, deviceId?: number) {
  let q = scoped(db, scope, groupId).selectFrom('irrigation_programs').selectAll();
  if (deviceId !== undefined) q = q.where('device_id', '=', deviceId);
  const rows = await q.orderBy('id').execute();
  const names = await deviceNames(
    db,
    rows.map((r) => r.device_id),
  );
  return rows.flatMap((r) => (names.has(r.device_id) ? [{ ...r, device_name: names.get(r.device_id) as string }] : []));
}

export const removePrograms = (db: Db, scope: Scope, ids: readonly number[]) =>
  deleteByIds(db, scope, 'irrigation_programs', ids);

export function enabledPrograms(db: Db) {
  return db.selectFrom('irrigation_programs').selectAll().where('enabled', '=', 1).orderBy('id').execute();
}

/** Claims a slot; false when it was already claimed (by another tick or process). */
export async function claimSlot(db: Db, row: Insertable<IrrigationProgramSlotsTable>): Promise<boolean> {
  const r = await db
    .insertInto('irrigation_program_slots')
    .values(row)
    .onConflict((oc) => oc.columns(['program_id', 'slot_at']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export function settleSlot(
  db: Db,
  programId: number,
  slotAt: number,
  set: { outcome: string; run_id: number | null; detail: string },
) {
  return db
    .updateTable('irrigation_program_slots')
    .set(set)
    .where('program_id', '=', programId)
    .where('slot_at', '=', slotAt)
    .execute();
}

export function lastSlots(db: Db, programIds: readonly number[]) {
  return db
    .selectFrom('irrigation_program_slots')
    .selectAll()
    .where('program_id', 'in', inList(programIds))
    .orderBy('slot_at', 'desc')
    .limit(20 * Math.max(1, programIds.length))
    .execute();
}

export function setCheckedUntil(db: Db, id: number, at: number) {
  return db.updateTable('irrigation_programs').set({ checked_until: at }).where('id', '=', id).execute();
}

// Smart rules and decisions

export function smartRules(db: Db, scope: Scope, groupId: number) {
  return ownedRules(db, scope, 'smartIrrigation', groupId).orderBy('rules.id').execute();
}

/** The rule a smart run was started by (absent when it has been removed since). */
export function ruleOwner(db: Db, ruleId: number) {
  return db
    .selectFrom('rules')
    .select(['id', 'merchant_id', 'group_id'])
    .where('id', '=', ruleId)
    .where('owner_kind', '=', 'smartIrrigation')
    .executeTakeFirst();
}

export function removeDecisions(db: Db, ruleId: number) {
  return db
    .deleteFrom('irrigation_decisions')
    .where('rule_id', '=', ruleId)
    .execute()
    .then(() => undefined);
}

export function insertDecision(db: Db, row: Insertable<IrrigationDecisionsTable>) {
  return db.insertInto('irrigation_decisions').values(row).execute();
}

export function lastDecision(db: Db, ruleId: number) {
  return db
    .selectFrom('irrigation_decisions')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listDecisions(
  db: Db,
  scope: Scope,
  q: { groupId: number; ruleId?: number; pageNum: number; pageSize: number },
) {
  let decisions = scoped(db, scope, q.groupId).selectFrom('irrigation_decisions').selectAll();
  if (q.ruleId !== undefined) decisions = decisions.where('rule_id', '=', q.ruleId);
  return pageOfQuery(decisions.orderBy('at', 'desc').orderBy('id', 'desc'), q);
}

/** Last run a smart rule started (for its rest period). */
export function lastRunOfRule(db: Db, ruleId: number) {
  return db
    .selectFrom('irrigation_runs')
    .selectAll()
    .where('trigger', '=', 'smart')
    .where('trigger_ref', '=', String(ruleId))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Runs a smart rule started since `since` and their metered water (the daily caps). */
export async function ruleRunsSince(db: Db, ruleId: number, since: number) {
  const r = await db
    .selectFrom('irrigation_runs')
    .select([(e) => e.fn.countAll<number>().as('n'), (e) => e.fn.sum<number>('water_m3').as('water')])
    .where('trigger', '=', 'smart')
    .where('trigger_ref', '=', String(ruleId))
    .where('created_at', '>=', since)
    // a start the machine never confirmed watered nothing and does not count
    .where((e) => e.or([e('state', '!=', 'failed'), e('started_at', 'is not', null)]))
    .executeTakeFirstOrThrow();
  return { runs: Number(r.n), waterM3: Number(r.water ?? 0) };
}

/**
 * Each meter's stored reading nearest a moment on one side: 'before' = the last at or before it,
 * 'after' = the first at or after it. Meters with no reading on that side are absent.
 */
export async function metersAt(
  db: Db,
  deviceId: number,
  meters: readonly string[],
  at: number,
  side: 'before' | 'after',
): Promise<Map<string, { ts: number; value: number }>> {
  const found = new Map<string, { ts: number; value: number }>();
  for (const key of meters) {
    const row = await db
      .selectFrom('telemetry')
      .select(['ts', 'value'])
      .where('device_id', '=', deviceId)
      .where('key', '=', key)
      .where('ts', side === 'before' ? '<=' : '>=', at)
      .orderBy('ts', side === 'before' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    if (row) found.set(key, { ts: Number(row.ts), value: row.value });
  }
  return found;
}

/** Rain (mm) measured by the park's weather stations in [since, now]: the sum of their per-report amounts. */
export async function rainSince(
  db: Db,
  merchantId: number,
  groupId: number,
  since: number,
  until = Number.MAX_SAFE_INTEGER,
): Promise<number | null> {
  const stations = await scoped(db, parkScope(merchantId, groupId))
    .selectFrom('devices')
    .select('id')
    .where('device_class', '=', 'weatherStation')
    .execute();
  if (stations.length === 0) return null;
  // With several stations, the wettest one decides: a skip errs on the side of not watering wet soil.
  const rows = await db
    .selectFrom('telemetry')
    .select(['device_id', (e) => e.fn.sum<number>('value').as('mm')])
    .where(
      'device_id',
      'in',
      stations.map((s) => s.id),
    )
    .where('key', '=', 'rainfall')
    .where('ts', '>', since)
    .where('ts', '<=', until)
    .groupBy('device_id')
    .execute();
  return rows.reduce((m, r) => Math.max(m, Number(r.mm ?? 0)), 0);
}
