import { issueDetail, issueField } from '@farmpark/contracts';
import { App, type FormInstance, type FormRule } from 'antd';
import { useState } from 'react';
import type { ZodType } from 'zod';
import { claimFieldErrors, RequestError } from '../api/request';
import { bodyIssues, detailText, type FieldLabels, namesFieldsOf, showDetails } from './formRules';

export interface SchemaFormOptions<V, B> {
  /** The contract body the form posts: checked before sending, as the server will check it. */
  schema?: ZodType;
  /** The form's values as that body (default: the values as they are). */
  toBody?: (values: V) => B;
  /** Labels by body field key; a field with a label is one the form shows (its errors go under it). */
  labels: FieldLabels;
}

export interface SchemaForm<V, B> {
  /** An antd rule: this field's part of the contract, checked on the whole form (so cross-field rules too). */
  rule: (field: string) => FormRule;
  /**
   * Validates the fields, checks the body against the contract, then sends it. Every refusal, found here
   * or by the server, goes under its field (or in one message when the form does not show the field).
   * `confirm` may still stop it once the values pass (a question to the user). Never throws: resolves
   * true once `send` has succeeded, false otherwise.
   */
  submit: (
    send: (body: B, values: V) => Promise<unknown>,
    confirm?: (values: V) => boolean | Promise<boolean>,
  ) => Promise<boolean>;
  saving: boolean;
}

/** The one form helper for a form that posts a contracts body (utils/formRules.ts has the mapping). */
export function useSchemaForm<V, B = V>(form: FormInstance<V>, options: SchemaFormOptions<V, B>): SchemaForm<V, B> {
  const { schema, toBody = (v: V) => v as unknown as B, labels } = options;
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const rule = (field: string): FormRule => ({
    validator: async () => {
      if (!schema) return;
      let body: unknown;
      try {
        body = toBody(form.getFieldsValue(true) as V);
      } catch {
        return; // half-filled values the form's own rules speak for
      }
      const r = schema.safeParse(body);
      const mine = r.success ? undefined : r.error.issues.find((i) => issueField(i) === field);
      if (mine) throw new Error(detailText(issueDetail(mine, field), labels));
    },
  });

  const show = (details: Parameters<typeof showDetails>[1], serverText?: string) => {
    const rest = showDetails(form as FormInstance, details, labels, serverText);
    if (rest.length) message.error(rest.join(' '), 5);
  };

  const submit: SchemaForm<V, B>['submit'] = async (send, confirm) => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return false; // each field shows its own message
    }
    const body = toBody(values);
    const issues = schema ? bodyIssues(schema, body) : undefined;
    if (issues) {
      show(issues);
      return false;
    }
    if (confirm && !(await confirm(values))) return false;
    setSaving(true);
    const release = claimFieldErrors(namesFieldsOf(labels));
    try {
      await send(body, values);
      return true;
    } catch (err) {
      if (!(err instanceof RequestError)) message.error((err as Error).message, 5);
      else if (err.kind === 'api' && namesFieldsOf(labels)(err)) show(err.details, err.message);
      else if (!err.told && err.kind !== 'aborted') message.error(err.message, 5);
      return false;
    } finally {
      release();
      setSaving(false);
    }
  };

  return { rule, submit, saving };
}
