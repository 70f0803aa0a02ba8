import {
  type ErrorDetail,
  type ErrorLang,
  fieldName,
  type IssueLike,
  issueDetail,
  issueDetails,
  phraseDetail,
} from '@farmpark/contracts';
import type { FormInstance, FormRule } from 'antd';
import type { ZodType } from 'zod';
import { RequestError } from '../api/request';
import i18n, { isEnglish } from '../i18n';

/**
 * The one mapping from a contract's rules to a form (ARCHITECTURE "One door for messages"): an issue
 * found here before sending and a refusal from the server read the same, in the reader's language,
 * under the field they concern, each field named by the form's own label.
 */

/** A form's labels by body field key (`sownOn` -> 播种日期): every field the form shows has one. */
export type FieldLabels = Readonly<Record<string, string>>;

export const phraseLang = (): ErrorLang => (isEnglish(i18n.language) ? 'en' : 'zh');

/** A detail as a sentence: its field and the fields it names by the form's labels, else contracts' names. */
export function detailText(detail: ErrorDetail, labels?: FieldLabels, label?: string): string {
  const lang = phraseLang();
  const names = (key: string) => labels?.[key];
  const own = label ?? (detail.field ? fieldName(detail.field, lang, names) : undefined);
  return phraseDetail(detail, lang, own, names);
}

/** A zod issue from a contract schema as a sentence naming the field `label`. */
export const issueMessage = (issue: IssueLike, label: string): string => detailText(issueDetail(issue), {}, label);

/** An antd rule running one field's own contract schema: the form checks what the server will check. */
export function contractRule(schema: ZodType, label: string): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(issueMessage(result.error.issues[0] as IssueLike, label));
    },
  };
}

/** A detail's field as a form name path (`stages.2.name` -> ['stages', 2, 'name']). */
export const namePath = (field: string): (string | number)[] =>
  field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** Whether the form shows the field (its top key has a label). */
const shows = (labels: FieldLabels, field: string | undefined): field is string =>
  field !== undefined && Object.hasOwn(labels, field.split('.')[0]);

/**
 * Where a detail goes: a nested field (`items.0.name`) under its own input when the form labels its
 * key (a Form.List row), else under the list's field, whose message then names the row.
 */
const placeOf = (labels: FieldLabels, field: string) => {
  const leaf =
    field
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? field;
  return Object.hasOwn(labels, leaf) ? field : field.split('.')[0];
};

/**
 * Details under the fields the form shows; returns the sentences of the others (a field it does not
 * show, or none), for the caller to show elsewhere. A rule the server could not name (`invalid`, an
 * older message) shows the server's own sentence.
 */
export function showDetails(
  form: FormInstance,
  details: readonly ErrorDetail[],
  labels: FieldLabels,
  serverText?: string,
): string[] {
  const byField = new Map<string, string[]>();
  const rest: string[] = [];
  for (const d of details) {
    const text = d.rule === 'invalid' && serverText ? serverText : detailText(d, labels);
    if (!shows(labels, d.field)) rest.push(text);
    else {
      const place = placeOf(labels, d.field);
      byField.set(place, [...new Set([...(byField.get(place) ?? []), text])]);
    }
  }
  if (byField.size) form.setFields([...byField].map(([field, errors]) => ({ name: namePath(field) as never, errors })));
  return [...new Set(rest)];
}

/**
 * A server refusal naming fields of this form goes under them. Returns false when it names none (the
 * request client has told the user already).
 */
export function showServerFieldError(form: FormInstance, err: unknown, labels: FieldLabels): boolean {
  if (!(err instanceof RequestError) || err.kind !== 'api') return false;
  if (!err.details.some((d) => shows(labels, d.field))) return false;
  showDetails(form, err.details, labels, err.message);
  return true;
}

/** Whether a refusal is one a form with these labels shows itself (request.ts `claimFieldErrors`). */
export const namesFieldsOf = (labels: FieldLabels) => (err: RequestError) =>
  err.details.some((d) => shows(labels, d.field));

/** A contract's issues with a body, as details (undefined when the body passes). */
export function bodyIssues(schema: ZodType, body: unknown): ErrorDetail[] | undefined {
  const r = schema.safeParse(body);
  return r.success ? undefined : issueDetails(r.error.issues as IssueLike[]);
}
