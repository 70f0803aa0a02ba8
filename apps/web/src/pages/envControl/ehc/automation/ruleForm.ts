import type { AutomationAction, AutomationRule, EnvActuator, ThresholdCondition } from '@farmpark/contracts';
import type { AutomationRuleInput } from '../../../../api/automation';

/** The editor's flat values: which actuators to switch on or off when the rule fires and when it clears. */
export interface AutomationForm {
  name: string;
  deviceId?: number;
  key?: string;
  op: 'above' | 'below';
  value?: number;
  forMinutes: number;
  hysteresis: number;
  fireOn: EnvActuator[];
  fireOff: EnvActuator[];
  clearOn: EnvActuator[];
  clearOff: EnvActuator[];
  windowStart?: string;
  windowEnd?: string;
  enabled: boolean;
}

export const NEW_AUTOMATION: Partial<AutomationForm> = {
  op: 'above',
  forMinutes: 0,
  hysteresis: 0.5,
  fireOn: [],
  fireOff: [],
  clearOn: [],
  clearOff: [],
  enabled: true,
};

const MIN = 60_000;
const switches = (on: EnvActuator[] = [], off: EnvActuator[] = []): AutomationAction[] => [
  ...on.map((actuator) => ({ name: 'setActuator', params: { actuator, on: true } })),
  ...off.map((actuator) => ({ name: 'setActuator', params: { actuator, on: false } })),
];

export function toInput(v: AutomationForm, groupId: number): AutomationRuleInput {
  const condition: ThresholdCondition = {
    kind: 'threshold',
    key: v.key ?? '',
    op: v.op,
    value: v.value,
    forMs: Math.round((v.forMinutes ?? 0) * MIN),
    hysteresis: v.hysteresis ?? 0,
  };
  return {
    groupId,
    name: v.name,
    deviceId: v.deviceId ?? 0,
    condition,
    windows: v.windowStart && v.windowEnd ? [{ start: v.windowStart, end: v.windowEnd }] : [],
    onFire: switches(v.fireOn, v.fireOff),
    onClear: switches(v.clearOn, v.clearOff),
    enabled: v.enabled,
  };
}

function split(list: AutomationAction[]) {
  const of = (on: boolean) =>
    list
      .filter((a) => a.name === 'setActuator' && Boolean(a.params.on) === on)
      .map((a) => a.params.actuator as EnvActuator);
  return { on: of(true), off: of(false) };
}

export function fromRule(r: AutomationRule): AutomationForm {
  const fire = split(r.onFire);
  const clear = split(r.onClear);
  return {
    name: r.name,
    deviceId: r.deviceId,
    key: r.condition.key,
    op: r.condition.op === 'below' ? 'below' : 'above',
    value: r.condition.value,
    forMinutes: r.condition.forMs / MIN,
    hysteresis: r.condition.hysteresis,
    fireOn: fire.on,
    fireOff: fire.off,
    clearOn: clear.on,
    clearOff: clear.off,
    windowStart: r.windows[0]?.start,
    windowEnd: r.windows[0]?.end,
    enabled: r.enabled,
  };
}
