import { z } from 'zod';
import { id, pageQuery } from '../envelope';
import { named } from '../errorDetail';
import { optional, withDefault } from '../requestValues';

/** Text and calendar-day fields of the production and trace schemas. */
export const text = (max: number, min = 0) => z.string().trim().min(min).max(max);
/** Optional text: blank is ''. */
export const optText = (max: number) => withDefault(text(max), '');
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Also refuses days that do not exist (2026-02-30). */
export function validDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** A parameter key of telemetry (airTemp, soilMoisture10, soilEc...). */
export const paramKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);
/** A calendar day 'YYYY-MM-DD' (a farm day in the park's zone, not an instant). */
export const dayField = () => z.string().trim().refine(validDay, named('date'));

/** A list query of one park's records (the park is required: production and trace records are per park). */
export const parkPageQuery = z.object({
  groupId: id,
  keyword: optional(text(100)),
  ...pageQuery.shape,
});
