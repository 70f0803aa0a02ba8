import type { RuleKind } from '@farmpark/contracts';
import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connect';
import type { RulesTable } from '../db/rulesAlarmsSchema';
import type { Database } from '../db/schema';
import { inList, type Scope } from '../db/scope';

/** Rules and their per-device state: Kysely only. */
export function enabledRules(db: Db) {
  return db.selectFrom('rules').selectAll().where('enabled', '=', 1).execute();
}

export function allStates(db: Db) {
  return db.selectFrom('rule_state').selectAll().execute();
}

export function saveState(
  db: Db,
  row: {
    rule_id: number;
    device_id: number;
    pending_since: number | null;
    active: number;
    last_value: number | null;
    last_ts: number | null;
    evaluated_at: number;
  },
) {
  const { rule_id, device_id, ...rest } = row;
  return db
    .insertInto('rule_state')
    .values(row)
    .onConflict((oc) => oc.columns(['rule_id', 'device_id']).doUpdateSet(rest))
    .execute();
}

export function deleteStates(db: Db, ruleId: number) {
  return db.deleteFrom('rule_state').where('rule_id', '=', ruleId).execute();
}

/** Devices an offline rule watches, with when each was last heard from. */
export function watchedDevices(
  db: Db,
  rule: { merchant_id: number; group_id: number; device_id: number | null; device_class: string | null },
) {
  let q = db
    .selectFrom('devices')
    .select(['id', 'last_seen_at'])
    .where('merchant_id', '=', rule.merchant_id)
    .where('group_id', '=', rule.group_id);
  if (rule.device_id !== null) q = q.where('id', '=', rule.device_id);
  else q = q.where('device_class', '=', rule.device_class ?? '');
  return q.execute();
}

/** The tenant filter of every owner's write and lookup: this rule, of this kind, merchant and the caller's parks. */
const owned = (scope: Scope, kind: RuleKind, id: number) => (eb: ExpressionBuilder<Database, 'rules'>) =>
  eb.and([
    eb('rules.id', '=', id),
    eb('rules.owner_kind', '=', kind),
    eb('rules.merchant_id', '=', scope.merchantId),
    eb('rules.group_id', 'in', inList(scope.groupIds)),
  ]);

/** One rule of an owner kind, within the caller's merchant and parks, with its device's name. */
export function findOwnedRule(db: Db, scope: Scope, kind: RuleKind, id: number) {
  return db
    .selectFrom('rules')
    .leftJoin('devices', 'devices.id', 'rules.device_id')
    .selectAll('rules')
    .select('devices.name as device_name')
    .where(owned(scope, kind, id))
    .executeTakeFirst();
}

type RuleColumns = Omit<Insertable<RulesTable>, 'id'>;

export async function insertRule(db: Db, row: RuleColumns): Promise<number> {
  const r = await db.insertInto('rules').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Changes a rule only if it is of this owner kind, merchant and one of the caller's parks. */
export function updateOwnedRule(
  db: Db,
  scope: Scope,
  kind: RuleKind,
  id: number,
  set: Omit<Updateable<RulesTable>, 'id' | 'merchant_id' | 'owner_kind' | 'created_at'>,
) {
  return db
    .updateTable('rules')
    .set(set)
    .where(owned(scope, kind, id))
    .execute();
}

export function deleteOwnedRule(db: Db, scope: Scope, kind: RuleKind, id: number) {
  return db
    .deleteFrom('rules')
    .where(owned(scope, kind, id))
    .execute();
}
