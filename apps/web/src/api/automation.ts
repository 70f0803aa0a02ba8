import type {
  AutomationAction,
  AutomationRule,
  CommandRecord,
  Paged,
  ThresholdCondition,
  TimeWindow,
} from '@farmpark/contracts';
import { get, post, type RequestOptions } from './request';

/** Greenhouse automation rules of the control cabinet page (server module automation). */
const B = '/api/merchant/envControl';
const json = (silent?: boolean): RequestOptions => ({ json: true, silent });

export interface AutomationRuleInput {
  groupId: number;
  name: string;
  deviceId: number;
  condition: ThresholdCondition;
  windows: TimeWindow[];
  onFire: AutomationAction[];
  onClear: AutomationAction[];
  enabled: boolean;
}

export const getAutomationRuleList = (groupId: number) =>
  get<AutomationRule[]>(`${B}/getAutomationRuleList`, { groupId });
/** Silent: the editor shows a refusal beside its fields. */
export const addAutomationRule = (b: AutomationRuleInput) =>
  post<AutomationRule>(`${B}/addAutomationRule`, b, json(true));
export const alterAutomationRule = (b: AutomationRuleInput & { id: number }, silent = true) =>
  post<AutomationRule>(`${B}/alterAutomationRule`, b, json(silent));
export const removeAutomationRule = (ids: number[]) =>
  post<{ removed: number }>(`${B}/removeAutomationRule`, { id: ids }, json());
export const getAutomationActivity = (id: number, pageSize = 5) =>
  get<Paged<CommandRecord>>(`${B}/getAutomationActivity`, { id, pageNum: 1, pageSize });
