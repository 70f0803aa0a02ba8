import { ALL_PERMIT_URLS } from '@farmpark/contracts';
import { z } from 'zod';
import type { CommandActor, CommandService } from '../modules/commands/service';
import type { RuleHandler, RuleTransition } from './engine';

const action = z.object({
  deviceId: z.number().int().positive(),
  name: z.string().min(1),
  params: z.record(z.string(), z.unknown()).default({}),
});
/** An automation rule's settings (`rules.config`): commands to send when it fires and when it clears. */
export const automationConfig = z.object({
  onFire: z.array(action).default([]),
  onClear: z.array(action).default([]),
});
export type AutomationConfig = z.infer<typeof automationConfig>;

/**
 * The `automation` kind (greenhouse control cabinet rules and the like): each transition sends its
 * commands through the one command service, as source `rule`, acting for the merchant inside the
 * rule's park only. A refused or failed command is in the operation record like any other; it is not
 * retried by the engine, which would repeat a physical action. A gate may hold a command back
 * (a cabinet actuator in manual mode belongs to the operator); the transition still counts.
 */
export interface AutomationGate {
  /** Why this command must not be sent now (e.g. its actuator is in manual mode), or null to send it. */
  holdReason(a: AutomationAction): Promise<string | null>;
  /** Records a command held back, so the operator can see why the rule did nothing. */
  held(t: RuleTransition, a: AutomationAction, reason: string): Promise<void>;
}
type AutomationAction = AutomationConfig['onFire'][number];

export function automationHandler(
  commands: Pick<CommandService, 'send'>,
  log?: { warn(obj: object, msg: string): void },
  gate?: AutomationGate,
): RuleHandler {
  return {
    async onTransition(t) {
      const cfg = automationConfig.parse(t.rule.config);
      const actor: CommandActor = {
        merchantId: t.rule.merchantId,
        groupIds: [t.rule.groupId],
        grants: new Set(ALL_PERMIT_URLS),
        userId: null,
        loginName: `rule:${t.rule.name}`.slice(0, 64),
      };
      for (const a of t.transition === 'fire' ? cfg.onFire : cfg.onClear) {
        const reason = gate ? await gate.holdReason(a) : null;
        if (reason) {
          log?.warn({ ruleId: t.rule.id, deviceId: a.deviceId, command: a.name, reason }, 'rule command held');
          await gate?.held(t, a, reason);
          continue;
        }
        try {
          await commands.send(actor, {
            deviceId: a.deviceId,
            name: a.name,
            params: a.params,
            source: 'rule',
            sourceRef: `rule:${t.rule.id}:${t.transition}`,
          });
        } catch (err) {
          log?.warn({ ruleId: t.rule.id, deviceId: a.deviceId, err: (err as Error).message }, 'rule command refused');
        }
      }
    },
  };
}
