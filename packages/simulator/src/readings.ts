import { DEVICE_MODEL, type DeviceClass, type ParamDef } from '@farmpark/contracts';

const defsByClass = new Map<DeviceClass, Map<string, ParamDef>>();
function defs(deviceClass: DeviceClass): Map<string, ParamDef> {
  let m = defsByClass.get(deviceClass);
  if (!m) {
    m = new Map(DEVICE_MODEL[deviceClass].params.map((p) => [p.key, p]));
    defsByClass.set(deviceClass, m);
  }
  return m;
}

/**
 * Shapes physics output as the device's firmware would send it: the model's keys only, rounded to
 * the parameter's decimals and held inside its physical range (a sensor saturates, it does not lie).
 */
export function toReadingValues(deviceClass: DeviceClass, raw: Record<string, number>): Record<string, number> {
  const d = defs(deviceClass);
  const out: Record<string, number> = {};
  for (const key in raw) {
    const def = d.get(key);
    if (!def) throw new Error(`${deviceClass} physics produced "${key}", which is not a parameter of the class`);
    const f = 10 ** def.decimals;
    const v = Math.round(raw[key] * f) / f;
    out[key] = Math.min(def.max, Math.max(def.min, v));
  }
  return out;
}
