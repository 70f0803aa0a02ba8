import type { Db } from '../../db/connect';
import { scopeOf } from '../../http/scope';
import type { RuleEngine } from '../../rules/engine';
import type { AuthContext } from '../auth/sessions';
import { createDecisionLog } from './decisionLog';
import type { RunService } from './runs';
import { createDeficitJudge } from './smartDeficit';
import { createSmartHandler } from './smartHandler';
import { createSmartRules } from './smartRules';

export interface SmartDeps {
  db: Db;
  rules: Pick<RuleEngine, 'register' | 'refresh' | 'resetRule' | 'onTick'>;
  runs: Pick<RunService, 'start' | 'stop'>;
  tz: string;
  now?: () => number;
}

/**
 * Smart irrigation on the one rule evaluator: the handler acts on its rules' transitions and on the
 * end of the runs it started, the CRUD keeps its rules in the rule store, both write the decision log.
 */
export function createSmartIrrigation(deps: SmartDeps) {
  const decisionLog = createDecisionLog(deps.db);
  const { handler, runEnded, startRun } = createSmartHandler({ ...deps, decisions: decisionLog });
  deps.rules.register('smartIrrigation', handler);
  const deficits = createDeficitJudge({ db: deps.db, decisions: decisionLog, startRun, tz: deps.tz, now: deps.now });
  deps.rules.onTick('smart irrigation deficits', deficits.tick);
  const { list, save, remove } = createSmartRules(deps);
  return {
    list,
    save,
    remove,
    runEnded,
    /** Judges the deficit rules now (the tick does it every 5 minutes). */
    judgeDeficits: deficits.judgeAll,
    decisions: (auth: AuthContext, q: Parameters<typeof decisionLog.list>[1]) => decisionLog.list(scopeOf(auth), q),
  };
}

export type SmartIrrigation = ReturnType<typeof createSmartIrrigation>;
