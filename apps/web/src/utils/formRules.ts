import { type IssueLike, issueDetail } from '@farmpark/contracts';
import type { FormInstance, FormRule } from 'antd';
import type { ZodType } from 'zod';
import { RequestError } from '../api/request';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A zod issue from a contract schema in the user's language, naming the field: the rule comes from
 * the issue itself (contracts `issueDetail`: bounds, named patterns, declared refinements), never
 * from reading the regular expression; the words are `validation.<rule>` (contracts' phrase table).
 */
export function issueMessage(issue: IssueLike, field: string, t: Translate): string {
  const detail = issueDetail(issue);
  return t(`validation.${detail.rule}`, { field, ...detail.params });
}

/**
 * An antd rule that runs the field's contract schema, so the form checks exactly what the server
 * will check (one source of truth) and speaks the user's language.
 */
export function contractRule(schema: ZodType, field: string, t: Translate): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(issueMessage(result.error.issues[0] as IssueLike, field, t));
    },
  };
}

/**
 * A server error naming fields (envelope `data`: {field, rule, params}) goes under those fields,
 * phrased with the field's label; a rule the console has no words for (`invalid`) shows the server's
 * sentence. Returns false when the error concerns no field of this form, so the caller shows it.
 */
export function showServerFieldError(
  form: FormInstance,
  err: unknown,
  fields: readonly string[],
  t?: Translate,
  labels?: Readonly<Record<string, string>>,
): boolean {
  if (!(err instanceof RequestError) || err.kind !== 'api') return false;
  const mine = err.details.filter((d) => d.field !== undefined && fields.includes(d.field));
  if (mine.length === 0) return false;
  const byField = new Map<string, string[]>();
  for (const d of mine) {
    const field = d.field as string;
    const label = labels?.[field];
    const text =
      t && label && d.rule !== 'invalid' ? t(`validation.${d.rule}`, { field: label, ...d.params }) : err.message;
    byField.set(field, [...(byField.get(field) ?? []), text]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors: [...new Set(errors)] })));
  return true;
}
