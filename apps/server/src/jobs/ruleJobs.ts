import type { Alarms } from '../modules/alarms/runtime';
import { RULE_TICK_MS, type RuleEngine } from '../rules/engine';
import { startJobLoop } from './loop';

/** Rule durations and offline rules, then alarm repeats and the delivery outbox (rule_state, alarms, alarm_deliveries). */
export function startRuleJobs(
  rules: Pick<RuleEngine, 'tick'>,
  alarms: Pick<Alarms, 'tick'>,
  log: { error(obj: object, msg: string): void },
  periodMs = RULE_TICK_MS,
  /** Only the owner of the `rules` lease runs these. */
  owns: () => boolean = () => true,
): () => Promise<void> {
  // in order: repeats and the outbox go out after the rules that may have raised alarms in this tick
  const rule = async () => {
    await rules.tick();
    await alarms.tick();
  };
  return startJobLoop([['rule', rule]], { log, periodMs, owns });
}
