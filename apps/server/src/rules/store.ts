import type { RuleKind } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import type { Scope } from '../db/scope';
import { encodeRule, meaningChanged, type RuleDraft, type RuleRow } from './codec';
import type { RuleEngine } from './engine';
import * as repo from './repo';

export { decodeRule, encodeRule, type RuleDraft, type RuleRow, ruleDraft, type StoredRule } from './codec';
/**
 * The one rule store: alarm rules, greenhouse automation and smart irrigation keep their rules in the
 * shared `rules` table and go through here to write them, so the row format, the tenant filter, the
 * transaction and the engine's refresh are written once. Owners keep only their own settings
 * (`config`, validated by their own schema), their system-log texts and their own tables.
 */

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
