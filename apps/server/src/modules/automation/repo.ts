import type { Db } from '../../db/connect';
import { pageOfQuery } from '../../db/rows';
import { merchantWide, type Scope, scoped } from '../../db/scope';
import { findOwnedRule, ownedRules } from '../../rules/repo';

/** Automation rules, their cabinets and the commands they sent: Kysely only, tenant-scoped in SQL. */
export function ruleRows(db: Db, scope: Scope, groupId: number, deviceId?: number) {
  let q = ownedRules(db, scope, 'automation', groupId);
  if (deviceId !== undefined) q = q.where('rules.device_id', '=', deviceId);
  return q.orderBy('rules.id').execute();
}
export type AutomationRow = Awaited<ReturnType<typeof ruleRows>>[number];

export const findRule = (db: Db, scope: Scope, id: number) => findOwnedRule(db, scope, 'automation', id);

/** A device of the caller's merchant in one of its parks. */
export function findDevice(db: Db, scope: Scope, deviceId: number) {
  return scoped(db, scope)
    .selectFrom('devices')
    .select(['id', 'name', 'device_class', 'group_id'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}

/** The `source_ref` prefix of every command a rule sent (`rule:<id>:fire|clear`). */
export const refPrefix = (ruleId: number) => `rule:${ruleId}:`;

/** When each rule last fired: its newest fire command. */
export async function lastFired(db: Db, merchantId: number, ruleIds: readonly number[]) {
  if (ruleIds.length === 0) return new Map<number, number>();
  const rows = await merchantWide(db, merchantId)
    .selectFrom('commands')
    .select(['source_ref'])
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('source', '=', 'rule')
    .where(
      'source_ref',
      'in',
      ruleIds.map((id) => `${refPrefix(id)}fire`),
    )
    .groupBy('source_ref')
    .execute();
  return new Map(rows.map((r) => [Number(r.source_ref.split(':')[1]), Number(r.at)]));
}

export function ruleCommands(db: Db, scope: Scope, ruleId: number, page: { pageNum: number; pageSize: number }) {
  const refs = [`${refPrefix(ruleId)}fire`, `${refPrefix(ruleId)}clear`];
  const q = scoped(db, scope)
    .selectFrom('commands')
    .selectAll()
    .where('source', '=', 'rule')
    .where('source_ref', 'in', refs)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return pageOfQuery(q, page);
}

/**
 * The mode of each actuator as the cabinet last confirmed it: its newest succeeded `setMode`.
 * Actuators the cabinet never confirmed are absent (the cabinet's own default, auto, applies).
 */
export async function confirmedModes(db: Db, deviceId: number): Promise<Map<string, 'auto' | 'manual'>> {
  const rows = await db
    .selectFrom('commands')
    .select(['params'])
    .where('device_id', '=', deviceId)
    .where('name', '=', 'setMode')
    .where('state', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const modes = new Map<string, 'auto' | 'manual'>();
  for (const r of rows) {
    try {
      const p = JSON.parse(r.params) as { actuator?: unknown; mode?: unknown };
      if (typeof p.actuator === 'string' && !modes.has(p.actuator)) {
        modes.set(p.actuator, p.mode === 'manual' ? 'manual' : 'auto');
      }
    } catch {
      // a row we did not write as JSON says nothing about the mode
    }
  }
  return modes;
}
