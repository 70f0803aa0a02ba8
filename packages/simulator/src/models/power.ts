import { clamp } from '../random';

/**
 * A 12 V lead-acid battery on a small solar panel: charges with sunshine, drains with the load.
 * Rates are in battery percent per hour.
 */
export function stepBattery(batteryPct: number, solarRadiation: number, loadPctPerH: number, dtHours: number): number {
  const charge = (solarRadiation / 1000) * 14 * (batteryPct > 95 ? 0.2 : 1);
  return clamp(batteryPct + (charge - loadPctPerH - 0.2) * dtHours, 0, 100);
}

/** Terminal voltage: resting voltage by charge, lifted while the panel is charging. */
export function batteryVoltage(batteryPct: number, solarRadiation: number): number {
  return 11.8 + (1.1 * batteryPct) / 100 + 0.7 * clamp(solarRadiation / 300, 0, 1);
}
