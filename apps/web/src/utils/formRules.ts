import type { FormInstance, FormRule } from 'antd';
import type { ZodType } from 'zod';
import { RequestError } from '../api/request';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Issue {
  code: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  input?: unknown;
  format?: string;
  pattern?: string;
}

/** Turns a zod issue from a contract schema into a message in the user's language, naming the field. */
export function issueMessage(issue: Issue, field: string, t: Translate): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? t('validation.required', { field })
          : t('validation.minLength', { field, min: Number(issue.minimum) });
      }
      return t('validation.min', { field, min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.maxLength', { field, max: Number(issue.maximum) })
        : t('validation.max', { field, max: Number(issue.maximum) });
    case 'invalid_type':
      return issue.expected === 'number' ? t('validation.number', { field }) : t('validation.required', { field });
    case 'invalid_format':
      if (issue.pattern?.includes('A-Za-z')) return t('validation.letter', { field });
      if (issue.pattern?.includes('0-9')) return t('validation.digit', { field });
      return t('validation.invalid', { field });
    default:
      return t('validation.invalid', { field });
  }
}

/**
 * An antd rule that runs the field's contract schema, so the form checks exactly what the server
 * will check (one source of truth) and speaks the user's language.
 */
export function contractRule(schema: ZodType, field: string, t: Translate): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(issueMessage(result.error.issues[0] as Issue, field, t));
    },
  };
}

/**
 * Server validation errors (1001) name the field at the start of the message; put such a message
 * under that field. Returns false when the error belongs to no field, so the caller shows it.
 */
export function showServerFieldError(form: FormInstance, err: unknown, fields: readonly string[]): boolean {
  if (!(err instanceof RequestError) || err.kind !== 'api') return false;
  const field = fields.find((f) => err.message === f || err.message.startsWith(`${f} `));
  if (!field) return false;
  form.setFields([{ name: field, errors: [err.message] }]);
  return true;
}
