import { z } from 'zod';
import { id } from './envelope';
import { within } from './irrigation';

/**
 * Pump protection (`/api/merchant/irrigation/alterMachineSettings`): every start of an irrigation machine,
 * manual, program or smart alike, is checked against the machine's start budget. A start is refused when
 * its planned duration is shorter than the least run, when the pump has rested less than the least rest
 * since its last run, or when the pump already started the most starts of the last hour. The refusal
 * names the limit and the earliest time the machine may start (docs/IRRIGATION.md "Pump protection").
 */

/** The limits a machine's settings may take. */
export const PUMP_LIMITS = {
  minRunMin: { min: 0, max: 60 },
  minRestMin: { min: 0, max: 120 },
  maxStartsPerHour: { min: 1, max: 60 },
} as const;

/**
 * A machine without its own settings uses these, from pump makers' guidance for small irrigation pumps
 * (docs/IRRIGATION.md): run at least a couple of minutes so the motor sheds the heat of its start, rest a
 * minute between runs, and start at most 6 times an hour.
 */
export const PUMP_DEFAULTS = { minRunMin: 2, minRestMin: 1, maxStartsPerHour: 6 } as const;

export const alterMachineSettingsBody = z.object({
  deviceId: id,
  minRunMin: within(PUMP_LIMITS.minRunMin),
  minRestMin: within(PUMP_LIMITS.minRestMin),
  maxStartsPerHour: within(PUMP_LIMITS.maxStartsPerHour, true),
});
export type AlterMachineSettingsBody = z.infer<typeof alterMachineSettingsBody>;
