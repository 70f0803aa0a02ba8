import { z } from 'zod';
import type { ErrorRule } from './errorPhrases';

/**
 * The one way to read a request value (issue 11, ARCHITECTURE "Request values"). The same field
 * arrives as a JSON boolean, number or array, or as text from a form body or query string (where a
 * repeated key gives an array of texts). Every schema reads booleans, numbers, ids, lists, times,
 * enums and JSON texts through these helpers, so "false" is false everywhere, `true` is never a
 * number, and an empty required number is refused rather than stored as 0. No `z.coerce`: it turns
 * "false" into true and "" into 0.
 *
 * A message is the name of the rule the value broke (errorPhrases.ts); the server and the console
 * phrase it with the field's name in the reader's language (contracts `issueDetail`, `phraseDetail`).
 */
export const VALUE_MESSAGES = {
  required: 'required',
  boolean: 'boolean',
  number: 'number',
  integer: 'integer',
  id: 'id',
  list: 'list',
  time: 'time',
  object: 'object',
} as const satisfies Record<string, ErrorRule>;

/** Absent, null, or only spaces: "not given". */
export const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const blankToUndefined = (v: unknown) => (isBlank(v) ? undefined : v);

/**
 * The error of a base schema of the wrong type: "required" for a missing value, else what it must be.
 * Only for its type: a schema's error also answers for its checks, whose bounds name their own rules.
 */
export const says = (what: ErrorRule) => ({
  error: (issue: { code?: string; input?: unknown }) => {
    if (issue.code !== 'invalid_type' && issue.code !== 'invalid_value') return undefined;
    return issue.input === undefined ? VALUE_MESSAGES.required : what;
  },
});

const TRUE_TEXT = new Set(['true', '1', 'on']);
const FALSE_TEXT = new Set(['false', '0', 'off']);

/** true/1/on and false/0/off (as text, any case, or as JSON); nothing else. */
export function readBoolean(v: unknown): unknown {
  if (v === 1) return true;
  if (v === 0) return false;
  if (typeof v !== 'string') return v === null ? undefined : v;
  const s = v.trim().toLowerCase();
  if (s === '') return undefined;
  if (TRUE_TEXT.has(s)) return true;
  if (FALSE_TEXT.has(s)) return false;
  return v;
}

/** Plain decimal text only: "1e3", "0x10", "NaN" and "Infinity" are not numbers a person types in a form. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
export function readNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v === null ? undefined : v;
  const s = v.trim();
  if (s === '') return undefined;
  return DECIMAL.test(s) ? Number(s) : v;
}

const DIGITS = /^\d+$/;
/** ISO 8601 or `YYYY-MM-DD HH:mm[:ss]`; without an offset a time is the server's local time. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
export function readTime(v: unknown): unknown {
  if (typeof v !== 'string') return v === null ? undefined : v;
  const s = v.trim();
  if (s === '') return undefined;
  if (DIGITS.test(s)) return Number(s);
  if (!DATE_TEXT.test(s)) return v;
  const t = Date.parse(s.replace(' ', 'T'));
  return Number.isNaN(t) ? v : t;
}

/**
 * A list: a JSON array, a JSON array as text, a comma-separated text, or one value (a form body
 * gives `ids=1` as "1" and `ids=1&ids=2` as ["1", "2"]). Absent or empty is the empty list.
 */
export function readList(v: unknown): unknown {
  if (isBlank(v)) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) return parseJson(s) ?? v;
    return s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  }
  if (typeof v === 'number' || typeof v === 'boolean') return [v];
  return v;
}

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

type NumberRule = (n: z.ZodNumber) => z.ZodNumber;

/** A required boolean. */
export const boolField = () => z.preprocess(readBoolean, z.boolean(says(VALUE_MESSAGES.boolean)));

/** A required finite number; `rule` adds limits with their own messages. */
export const numberField = (rule: NumberRule = (n) => n) =>
  z.preprocess(readNumber, rule(z.number(says(VALUE_MESSAGES.number))));

/** A required whole number. */
export const intField = (rule: NumberRule = (n) => n) => numberField((n) => rule(n.int(VALUE_MESSAGES.integer)));

/** A required id: a whole number from 1 (JSON number or text). */
export const idField = () => intField((n) => n.min(1, VALUE_MESSAGES.id));

/** A required time as epoch milliseconds (JSON number, digits, or a date text). */
export const epochMsField = (rule: NumberRule = (n) => n) =>
  z.preprocess(
    readTime,
    rule(z.number(says(VALUE_MESSAGES.time)).int(VALUE_MESSAGES.time).min(0, VALUE_MESSAGES.time)),
  );

/** One of the given texts. */
export const enumField = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.enum(values, says('oneOf')));

/** A list of `item`s (see readList); `rule` adds length limits with their own messages. */
export const listOf = <T extends z.ZodType>(item: T, rule: (a: z.ZodArray<T>) => z.ZodArray<T> = (a) => a) =>
  z.preprocess(readList, rule(z.array(item, says(VALUE_MESSAGES.list))));

/** An object or list that a form body carries as JSON text and a JSON body as itself. */
export const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (parseJson(v) ?? v) : v), schema);

/** Blank (absent, null, '' or spaces) is "not given": undefined. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A time of day `HH:mm` (00:00 to 23:59). */
export const hhmmField = () =>
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'hhmm' satisfies ErrorRule);

/** Blank is "not given" and takes `value`. */
export const withDefault = <T extends z.ZodType>(schema: T, value: z.core.util.NoUndefined<z.output<T>>) =>
  z.preprocess(blankToUndefined, schema.default(value));

/** Blank means "clear it": null (e.g. a device taken off the map). */
export const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? null : v), schema.nullable());
