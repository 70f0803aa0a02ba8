import {
  Code,
  type CodeValue,
  codeMessage,
  type ErrorDetail,
  fieldName,
  hasFieldName,
  issueDetails,
  type LocalizedText,
  type MessageLang,
  phraseDetails,
} from '@farmpark/contracts';
import type { z } from 'zod';

/**
 * A business error: answered as HTTP 200 with a non-zero code and a message a person can act on.
 * The message may be given in both languages; without one, its details are phrased in the caller's
 * language (Accept-Language), or else the code's default message is sent. A plain string is sent as is,
 * but for a leading field key (`zones: ...`), which is named as people call the field.
 */
export class ApiError extends Error {
  readonly code: CodeValue;
  readonly text: string | LocalizedText | undefined;
  /** Which field broke which rule, for the console to phrase and show under the field (envelope `data`). */
  readonly details: ErrorDetail[];
  constructor(code: CodeValue, message?: string | LocalizedText, detail?: ErrorDetail | ErrorDetail[]) {
    const details = detail === undefined ? [] : Array.isArray(detail) ? detail : [detail];
    super(typeof message === 'string' ? message : (message?.en ?? textOf(code, details, 'en')));
    this.code = code;
    this.text = message;
    this.details = detail === undefined ? prefixDetail(this.message) : details;
  }

  messageIn(lang: MessageLang): string {
    if (this.text === undefined) return textOf(this.code, this.details, lang);
    return withFieldName(typeof this.text === 'string' ? this.text : this.text[lang], lang);
  }
}

const textOf = (code: CodeValue, details: ErrorDetail[], lang: MessageLang) =>
  details.length > 0 ? phraseDetails(details, lang) : codeMessage(code, lang);

/** A leading field key of a message written before details existed: `stages: ...`, `toSeq：...`. */
const KEY_PREFIX = /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)(?:: |：)/;

/**
 * Messages written before details existed follow the house form `field: what is wrong`; that field
 * is named with the rule `invalid`, so the console still shows the server's sentence under it.
 */
function prefixDetail(message: string): ErrorDetail[] {
  const m = KEY_PREFIX.exec(message);
  return m ? [{ field: m[1], rule: 'invalid' }] : [];
}

/** Keys that a sentence about them does not need: the uploaded file itself, the records a request names. */
const UNNAMED = new Set(['body', 'id', 'ids']);

/**
 * The leading key as the field's name (移栽日期：…), or nothing when the sentence names it already or
 * the key names no field a person fills in (UNNAMED). A key that is not a field name stays as written.
 */
function withFieldName(text: string, lang: MessageLang): string {
  const m = KEY_PREFIX.exec(text);
  if (!m?.[1].split('.').every((k) => /^\d+$/.test(k) || hasFieldName(k))) return text;
  const rest = text.slice(m[0].length);
  const name = fieldName(m[1], lang);
  const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  if (UNNAMED.has(m[1]) || rest.toLowerCase().includes(name.toLowerCase())) return upper(rest);
  return lang === 'zh' ? `${name}：${rest}` : `${upper(name)}: ${rest}`;
}

/** A validation error from the rules its details name (phrased in the caller's language). */
export const invalidRequest = (details: ErrorDetail[]) => new ApiError(Code.VALIDATION, undefined, details);

/** A schema read outside a route's own validation (an upload's query, whose body is the file): refused alike. */
export function parseValue<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw invalidRequest(issueDetails(r.error.issues as never));
}

export const notFound = (what: string) => new ApiError(Code.NOT_FOUND, `${what} not found`);
