import type { Alarms } from '../modules/alarms/runtime';
import { RULE_TICK_MS, type RuleEngine } from '../rules/engine';

/**
 * Rule durations and offline rules, alarm repeats and the delivery outbox. All state is in the
 * database (rule_state, alarms, alarm_deliveries), so the first run after a restart catches up.
 */
export function startRuleJobs(
  rules: Pick<RuleEngine, 'tick'>,
  alarms: Pick<Alarms, 'tick'>,
  log: { error(obj: object, msg: string): void },
  periodMs = RULE_TICK_MS,
  /** Several processes: only the owner of the `rules` lease runs these (src/cluster). */
  owns: () => boolean = () => true,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || !owns()) return;
    running = (async () => {
      try {
        await rules.tick();
        await alarms.tick();
      } catch (err) {
        log.error({ err: (err as Error).message }, 'rule job failed');
      }
    })().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, periodMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
