import { type RuleCondition, type RuleKind, ruleCondition, type TimeWindow, timeWindows } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/connect';
import type { RulesTable } from '../db/rulesAlarmsSchema';
import type { Scope } from '../db/scope';
import type { RuleEngine } from './engine';
import * as repo from './repo';

/**
 * The one rule store: alarm rules, greenhouse automation and smart irrigation keep their rules in the
 * shared `rules` table and go through here to write them, so the row format, the tenant filter, the
 * transaction and the engine's refresh are written once. Owners keep only their own settings
 * (`config`, validated by their own schema), their system-log texts and their own tables.
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

export interface RuleStoreDeps {
  db: Db;
  rules: Pick<RuleEngine, 'refresh' | 'resetRule'>;
  now?: () => number;
}

export interface UpdateOptions {
  /** The error for a rule the caller cannot see (each owner names its own entity). */
  notFound: () => Error;
  /** Start the rule's evaluation afresh on every change, not only when its meaning changed. */
  alwaysReset?: boolean;
  /** The owner's own work on its tables, in the same transaction. */
  also?: (trx: Db, before: RuleRow, changed: boolean) => Promise<void>;
}

export interface RemoveOptions {
  notFound: (id: number) => Error;
  /** The owner's own work on its tables for each rule, in the same transaction, before the rule goes. */
  also?: (trx: Db, id: number) => Promise<void>;
}

/**
 * Inserts, updates and deletes rules of one owner kind, each write in one transaction whose queries
 * carry the kind, the merchant and the caller's parks; then resets what must start afresh and
 * reloads the engine (after commit: the engine reads through its own connection).
 */
export function createRuleStore(deps: RuleStoreDeps, kind: RuleKind) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  return {
    kind,
    find: (d: Db, scope: Scope, id: number) => repo.findOwnedRule(d, scope, kind, id),

    async insert(merchantId: number, draft: RuleDraft): Promise<number> {
      const at = now();
      const id = await db.transaction().execute((trx) =>
        repo.insertRule(trx, {
          ...encodeRule(draft),
          merchant_id: merchantId,
          owner_kind: kind,
          created_at: at,
          updated_at: at,
        }),
      );
      await deps.rules.refresh();
      return id;
    },

    async update(scope: Scope, id: number, draft: RuleDraft, opts: UpdateOptions): Promise<{ changed: boolean }> {
      const values = encodeRule(draft);
      const changed = await db.transaction().execute(async (trx) => {
        const before = await repo.findOwnedRule(trx, scope, kind, id);
        if (!before) throw opts.notFound();
        await repo.updateOwnedRule(trx, scope, kind, id, { ...values, updated_at: now() });
        const meaning = meaningChanged(before, values);
        await opts.also?.(trx, before, meaning);
        return meaning;
      });
      if (changed || opts.alwaysReset) await deps.rules.resetRule(id);
      await deps.rules.refresh();
      return { changed };
    },

    /** All or nothing: one id the caller cannot see refuses the whole request. */
    async remove(scope: Scope, ids: readonly number[], opts: RemoveOptions): Promise<number> {
      await db.transaction().execute(async (trx) => {
        for (const id of ids) {
          if (!(await repo.findOwnedRule(trx, scope, kind, id))) throw opts.notFound(id);
        }
        for (const id of ids) {
          await opts.also?.(trx, id);
          await repo.deleteOwnedRule(trx, scope, kind, id);
        }
      });
      for (const id of ids) await deps.rules.resetRule(id);
      await deps.rules.refresh();
      return ids.length;
    },
  };
}

export type RuleStore = ReturnType<typeof createRuleStore>;
