import { ALARM_CHANNELS, SEVERITIES, timeWindows } from '@farmpark/contracts';
import { z } from 'zod';

/** An alarm rule's own settings, stored in `rules.config`. */
export const alarmConfig = z.object({
  severity: z.enum(SEVERITIES),
  contactIds: z.array(z.number().int()).default([]),
  channels: z.array(z.enum(ALARM_CHANNELS)).default([]),
  repeatMinutes: z.number().int().min(0).default(0),
  quietHours: timeWindows.default([]),
});
export type AlarmConfig = z.infer<typeof alarmConfig>;

export function readAlarmConfig(raw: unknown): AlarmConfig {
  return alarmConfig.parse(typeof raw === 'string' ? JSON.parse(raw) : raw);
}
