import type { DecisionAction, DecisionFacts, DecisionReason, Paged, SmartDecision } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { Scope } from '../../db/scope';
import * as repo from './repo';

/** A skip is logged again only when the reason changes or after this long: the rule re-checks every tick. */
export const SKIP_LOG_EVERY_MS = 10 * 60_000;

export interface Decision {
  action: DecisionAction;
  reason: DecisionReason;
  moisture: number | null;
  rainMm?: number | null;
}

function readFacts(text: string): DecisionFacts {
  try {
    return JSON.parse(text) as DecisionFacts;
  } catch {
    // written by us as JSON; an unreadable value reads as "nothing known" rather than failing the log
    return {};
  }
}

/** The smart rules' decision log: why each rule started, skipped, stopped or failed. */
export function createDecisionLog(db: Db) {
  async function write(
    rule: { id: number; merchantId: number; groupId: number },
    d: Decision,
    extra: { runId?: number | null; facts?: DecisionFacts; detail?: string; at: number },
  ): Promise<void> {
    if (d.action === 'skipped') {
      const last = await repo.lastDecision(db, rule.id);
      if (
        last &&
        last.action === 'skipped' &&
        last.reason === d.reason &&
        extra.at - Number(last.at) < SKIP_LOG_EVERY_MS
      )
        return;
    }
    await repo.insertDecision(db, {
      merchant_id: rule.merchantId,
      group_id: rule.groupId,
      rule_id: rule.id,
      at: extra.at,
      action: d.action,
      reason: d.reason,
      moisture: d.moisture,
      rain_mm: d.rainMm ?? null,
      run_id: extra.runId ?? null,
      facts: JSON.stringify(extra.facts ?? {}),
      detail: (extra.detail ?? '').slice(0, 500),
    });
  }

  async function list(
    scope: Scope,
    q: { groupId: number; ruleId?: number; pageNum: number; pageSize: number },
  ): Promise<Paged<SmartDecision>> {
    await repo.requireInScope(db, scope, q);
    const { rows, total } = await repo.listDecisions(db, scope, q);
    return {
      list: rows.map((r) => ({
        id: r.id,
        ruleId: r.rule_id,
        at: Number(r.at),
        action: r.action as DecisionAction,
        reason: r.reason as DecisionReason,
        moisture: r.moisture,
        rainMm: r.rain_mm,
        runId: r.run_id,
        facts: readFacts(r.facts),
        detail: r.detail,
      })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  return { write, list };
}

export type DecisionLog = ReturnType<typeof createDecisionLog>;
