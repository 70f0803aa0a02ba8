import { DEVICE_MODEL, type ParamDef } from '@farmpark/contracts';

/**
 * Parameters a growth standard can set an ideal range for: every measured parameter of any device class,
 * once each (air temperature is the same quantity on a weather station and in a greenhouse cabinet).
 */
export const MEASURED_PARAMS: ParamDef[] = (() => {
  const seen = new Map<string, ParamDef>();
  for (const c of Object.values(DEVICE_MODEL))
    for (const p of c.params) if (p.kind === 'measure' && !seen.has(p.key)) seen.set(p.key, p);
  return [...seen.values()];
})();

export function paramName(key: string, english: boolean): string {
  const p = MEASURED_PARAMS.find((x) => x.key === key);
  return p ? (english ? p.en : p.zh) : key;
}

export function paramUnit(key: string): string {
  return MEASURED_PARAMS.find((x) => x.key === key)?.unit ?? '';
}

/** "18 ~ 28 °C", "≥ 60 %", "≤ 2.5 mS/cm". */
export function rangeText(r: { key: string; min: number | null; max: number | null }): string {
  const unit = paramUnit(r.key);
  const u = unit ? ` ${unit}` : '';
  if (r.min !== null && r.max !== null) return `${r.min} ~ ${r.max}${u}`;
  if (r.min !== null) return `≥ ${r.min}${u}`;
  return `≤ ${r.max}${u}`;
}
