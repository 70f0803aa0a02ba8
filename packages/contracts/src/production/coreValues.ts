import { z } from 'zod';
import { withDefault } from '../requestValues';

/** Text and calendar-day fields of the production core schemas. */
export const text = (field: string, max: number, min = 0) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, min === 1 ? `${field} must not be empty` : `${field} must have at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);
export const optText = (field: string, max: number) => withDefault(text(field, max), '');
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Also refuses days that do not exist (2026-02-30). */
export function validDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** A calendar day 'YYYY-MM-DD' (a farm day in the park's zone, not an instant). */
export const dayField = (field: string) =>
  z
    .string({ error: `${field} must be a date YYYY-MM-DD` })
    .trim()
    .refine(validDay, `${field} must be a date YYYY-MM-DD`);
