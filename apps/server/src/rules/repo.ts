import type { RuleKind } from '@farmpark/contracts';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/connect';
import type { RulesTable } from '../db/rulesAlarmsSchema';
import { type Scope, scoped } from '../db/scope';

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

/** Devices an offline rule watches, with when each was last heard from (in the rule's own park). */
export function watchedDevices(
  db: Db,
  rule: { merchant_id: number; group_id: number; device_id: number | null; device_class: string | null },
) {
  const q = scoped(db, { merchantId: rule.merchant_id, groupIds: [rule.group_id] })
    .selectFrom('devices')
    .select(['id', 'last_seen_at']);
  return (
    rule.device_id !== null ? q.where('id', '=', rule.device_id) : q.where('device_class', '=', rule.device_class ?? '')
  ).execute();
}

/** Changes whenever any process adds, edits or removes a rule (each edit sets updated_at). */
export async function rulesSignature(db: Db): Promise<string> {
  const r = await db
    .selectFrom('rules')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(updated_at)`.as('u')])
    .executeTakeFirst();
  return `${r?.n ?? 0}:${r?.u ?? 0}`;
}

/**
 * Rules of one owner kind in the caller's parks (or in `groupId`, one of them), with their device's name:
 * what each owner's list and lookups start from.
 */
export function ownedRules(db: Db, scope: Scope, kind: RuleKind, groupId?: number) {
  return scoped(db, scope, groupId)
    .selectFrom('rules')
    .leftJoin('devices', 'devices.id', 'rules.device_id')
    .selectAll('rules')
    .select('devices.name as device_name')
    .where('rules.owner_kind', '=', kind);
}

/** One rule of an owner kind, within the caller's merchant and parks, with its device's name. */
export function findOwnedRule(db: Db, scope: Scope, kind: RuleKind, id: number) {
  return ownedRules(db, scope, kind).where('rules.id', '=', id).executeTakeFirst();
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
  return scoped(db, scope).updateTable('rules').set(set).where('id', '=', id).where('owner_kind', '=', kind).execute();
}

export function deleteOwnedRule(db: Db, scope: Scope, kind: RuleKind, id: number) {
  return scoped(db, scope).deleteFrom('rules').where('id', '=', id).where('owner_kind', '=', kind).execute();
}
