import type { ZodType } from 'zod';
import type { CrudForm } from './types';

/**
 * The saving half of a CrudPage form whose edit posts the same fields as its create plus the row's id:
 * one `toInput` feeds the check before sending and both requests, so the three cannot drift apart.
 */
export function sameBodySaves<R extends { id: number }, V, I extends object>(spec: {
  add: ZodType;
  alter: ZodType;
  toInput: (values: V) => I;
  create: (input: I) => Promise<unknown>;
  update: (input: I & { id: number }) => Promise<unknown>;
}): Pick<CrudForm<R, V>, 'schema' | 'toBody' | 'create' | 'update'> {
  return {
    schema: (row) => (row ? spec.alter : spec.add),
    toBody: (v, row) => (row ? { ...spec.toInput(v), id: row.id } : spec.toInput(v)),
    create: (v) => spec.create(spec.toInput(v)),
    update: (row, v) => spec.update({ ...spec.toInput(v), id: row.id }),
  };
}
