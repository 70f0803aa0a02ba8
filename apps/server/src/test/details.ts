import type { ErrorDetail } from '@farmpark/contracts';

/**
 * The fields an error envelope names in its details (`data`): where the console puts each message.
 * `msg` is a sentence for people in the caller's language; tests find the field here.
 */
export const fieldsOf = (res: { data: unknown }): string[] =>
  (Array.isArray(res.data) ? (res.data as ErrorDetail[]) : []).map((d) => d.field ?? '');
