import { type RuleCondition, type RuleKind, ruleCondition, type TimeWindow, timeWindows } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { RulesTable } from '../db/rulesAlarmsSchema';

/**
 * How a rule reads and writes as a row of the shared `rules` table. Its own file, so the engine (which
 * decodes what it loads) and the store (which writes through the engine) do not import each other.
 */

/** A rule as its owner states it; `config` is the owner's own settings. */
export interface RuleDraft<C = unknown, K extends RuleCondition = RuleCondition> {
  groupId: number;
  name: string;
  /** One device, or (null) every device of `deviceClass` in the park. */
  deviceId: number | null;
  deviceClass: string | null;
  condition: K;
  windows: TimeWindow[];
  config: C;
  enabled: boolean;
}

/** A stored rule, read back through its schemas. */
export interface StoredRule<C = unknown, K extends RuleCondition = RuleCondition> extends RuleDraft<C, K> {
  id: number;
  merchantId: number;
  kind: RuleKind;
  createdAt: number;
  updatedAt: number;
}

export type RuleRow = Selectable<RulesTable>;

/** A draft from an owner's form: what every form carries as it is, the target, and the owner's settings. */
export function ruleDraft<C, K extends RuleCondition>(
  body: { groupId: number; name: string; condition: K; windows: TimeWindow[]; enabled: boolean },
  target: { deviceId: number | null; deviceClass: string | null },
  config: C,
): RuleDraft<C, K> {
  const { groupId, name, condition, windows, enabled } = body;
  return { groupId, name, ...target, condition, windows, config, enabled };
}

/** The `rules` columns a draft becomes (without its owner, merchant and times). */
export function encodeRule(d: RuleDraft) {
  return {
    group_id: d.groupId,
    name: d.name,
    device_id: d.deviceId,
    device_class: d.deviceClass,
    condition: JSON.stringify(d.condition),
    windows: JSON.stringify(d.windows),
    config: JSON.stringify(d.config),
    enabled: d.enabled ? 1 : 0,
  };
}

/** Reads a row back; throws when a part no longer fits its schema (the engine skips such a rule). */
export function decodeRule<C, K extends RuleCondition = RuleCondition>(
  row: RuleRow,
  config: z.ZodType<C>,
  condition: z.ZodType<K> = ruleCondition as unknown as z.ZodType<K>,
): StoredRule<C, K> {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    kind: row.owner_kind as RuleKind,
    groupId: row.group_id,
    name: row.name,
    deviceId: row.device_id,
    deviceClass: row.device_class,
    condition: condition.parse(JSON.parse(row.condition)),
    windows: timeWindows.parse(JSON.parse(row.windows)),
    config: config.parse(JSON.parse(row.config)),
    enabled: row.enabled === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * Whether a change alters what the rule watches or when it may fire (or switches it off): its
 * evaluator state, and anything the owner raised on it, would otherwise wait for a clear that never comes.
 */
export function meaningChanged(before: RuleRow, after: ReturnType<typeof encodeRule>): boolean {
  return (
    before.condition !== after.condition ||
    before.windows !== after.windows ||
    before.device_id !== after.device_id ||
    before.device_class !== after.device_class ||
    before.group_id !== after.group_id ||
    after.enabled === 0
  );
}
