import { z } from 'zod';
import { COMMANDS } from './commands';
import { id, idList, pageQuery } from './envelope';
import { ruleIssue } from './errorDetail';
import { boolField, jsonText, optional, withDefault } from './requestValues';
import { type ThresholdCondition, type TimeWindow, thresholdCondition, timeWindows } from './rules';

/**
 * Greenhouse automation (`/envControl/ehc`): a rule watches one reading of one control cabinet
 * ("airTemp above 30 for 5 min") and sends commands to that cabinet when it fires and when it
 * clears. Stored in the one `rules` table (owner kind `automation`) and evaluated by the server's
 * rule engine. A command for an actuator the cabinet has confirmed in manual mode is skipped.
 */
export const AUTOMATION_CLASS = 'envCabinet' as const;
export const MAX_AUTOMATION_ACTIONS = 10;

const CABINET_COMMANDS = COMMANDS[AUTOMATION_CLASS] as Record<string, z.ZodType>;
export const AUTOMATION_COMMAND_NAMES = Object.keys(CABINET_COMMANDS);

export const automationAction = z.object({
  name: z.string().min(1),
  params: withDefault(z.record(z.string(), z.unknown()), {}),
});
export type AutomationAction = z.infer<typeof automationAction>;

/** Each command must be one the cabinet understands, with params its schema accepts. */
const actionList = (min: number) =>
  jsonText(
    z
      .array(automationAction)
      .min(min)
      .max(MAX_AUTOMATION_ACTIONS)
      .superRefine((list, ctx) => {
        list.forEach((a, i) => {
          const schema = CABINET_COMMANDS[a.name];
          if (!schema) {
            ctx.addIssue(ruleIssue([i, 'name'], 'unknownValue', { value: a.name }));
            return;
          }
          const r = schema.safeParse(a.params);
          if (!r.success) {
            // The command's own issue (its rule and bounds), under this action's params.
            for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: [i, 'params', ...issue.path] });
          }
        });
      }),
  );

export const automationRuleFields = z.object({
  groupId: id,
  name: z.string().trim().min(1).max(100),
  /** The cabinet whose reading is watched and which receives the commands. */
  deviceId: id,
  condition: jsonText(thresholdCondition),
  /** When the rule may fire; empty = always. */
  windows: withDefault(jsonText(timeWindows), []),
  onFire: actionList(1),
  onClear: withDefault(actionList(0), []),
  enabled: withDefault(boolField(), true),
});
export const addAutomationRuleBody = automationRuleFields;
export type AddAutomationRuleBody = z.infer<typeof addAutomationRuleBody>;
export const alterAutomationRuleBody = automationRuleFields.extend({ id });
export type AlterAutomationRuleBody = z.infer<typeof alterAutomationRuleBody>;
export const automationIdsBody = z.object({ id: idList });

export const automationRuleListQuery = z.object({
  groupId: id,
  deviceId: optional(id),
});
export const automationActivityQuery = z.object({ id, ...pageQuery.shape });

export interface AutomationRule {
  id: number;
  groupId: number;
  name: string;
  deviceId: number;
  deviceName: string;
  condition: ThresholdCondition;
  windows: TimeWindow[];
  onFire: AutomationAction[];
  onClear: AutomationAction[];
  enabled: boolean;
  /** The condition holds now (the rule has fired and not cleared). */
  active: boolean;
  /** When it last fired (its newest fire command), null if never. */
  lastFiredAt: number | null;
  updatedAt: number;
}
