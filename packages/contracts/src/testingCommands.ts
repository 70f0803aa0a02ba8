import { COMMANDS, commandSchema } from './commands';
import type { DeviceClass } from './deviceClasses';
import { type ErrorDetail, type ErrorLang, issueDetails, phraseDetail } from './errorDetail';

/**
 * A valid example of every command's params, so the debugging page can prefill its form and raw JSON
 * editor with something the device will take. Checked against the command schemas in testing.test.ts.
 */
const onOff = { on: true };
const window = { start: '20:00', end: '04:00' };
const irrigation = {
  startIrrigation: { zones: [1], durationMin: 5 },
  stopIrrigation: {},
  setValve: { valve: 1, on: true },
};

export const COMMAND_EXAMPLES: { [C in DeviceClass]: { [N in keyof (typeof COMMANDS)[C]]: Record<string, unknown> } } =
  {
    envCabinet: { setActuator: { actuator: 'fan', on: true }, setMode: { actuator: 'fan', mode: 'manual' } },
    insectLamp: { setLamp: onOff, setMode: { mode: 'auto' }, setWorkWindow: window },
    insectTrap: {
      photograph: {},
      setLamp: onOff,
      setHeater: onOff,
      setWorkPeriod: window,
      setPhotoInterval: { minutes: 30 },
    },
    sporeTrap: { capture: {}, changeSlide: {} },
    waterFertilizer: { ...irrigation, setPump: onOff, setStirrer: { tank: 'tank1', on: true } },
    irrigationController: irrigation,
    smartIrrigation: irrigation,
    valveController: { setValve: { valve: 1, on: true } },
    weatherStation: {},
    soilStation: {},
    camera: {},
  };

/** The commands a class takes, in the order the protocol lists them. */
export function commandNames(deviceClass: DeviceClass): string[] {
  return Object.keys(COMMANDS[deviceClass]);
}

export function commandExample(deviceClass: DeviceClass, name: string): Record<string, unknown> {
  return (COMMAND_EXAMPLES[deviceClass] as Record<string, Record<string, unknown>>)[name] ?? {};
}

/**
 * Checks a raw command `{"name": ..., "params": {...}}` typed on the page against the class's protocol, as the
 * server will: the first problem as a sentence in `lang`, with its detail (a param's `field` is its key).
 */
export function checkRawCommand(
  deviceClass: DeviceClass,
  text: string,
  lang: ErrorLang = 'en',
): { ok: true; name: string; params: Record<string, unknown> } | { ok: false; problem: string; detail: ErrorDetail } {
  const refuse = (detail: ErrorDetail) => ({ ok: false as const, problem: phraseDetail(detail, lang), detail });
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse({ rule: 'object' });
  }
  if (!isObject(json)) return refuse({ rule: 'object' });
  const { name, params = {} } = json as { name?: unknown; params?: unknown };
  if (typeof name !== 'string' || !name) return refuse({ field: 'name', rule: 'required' });
  const schema = commandSchema(deviceClass, name);
  if (!schema) return refuse({ field: 'name', rule: 'unknownValue', params: { value: name } });
  if (!isObject(params)) return refuse({ field: 'params', rule: 'object' });
  const parsed = schema.safeParse(params);
  if (!parsed.success) return refuse(issueDetails(parsed.error.issues)[0]);
  return { ok: true, name, params: params as Record<string, unknown> };
}
