import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { RequestError } from '../../../../api/request';

/**
 * Puts the server's field errors under their fields, nested ones too (`materials.1.quantity` is the
 * second material line's quantity): a stock refusal reads "Abamectin: only 2 L left in stock" there.
 * Returns false when none concerns the form (the caller shows the message).
 */
export function showWorkErrors(
  form: FormInstance,
  err: unknown,
  t: TFunction,
  labels: Record<string, string>,
): boolean {
  if (!(err instanceof RequestError) || err.kind !== 'api') return false;
  const known = err.details.filter((d) => d.field && labels[d.field.split('.')[0]] !== undefined);
  if (known.length === 0) return false;
  form.setFields(
    known.map((d) => {
      const path = (d.field as string).split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
      const last = String(path[path.length - 1]);
      const label = labels[last] ?? labels[String(path[0])];
      const text = d.rule === 'invalid' ? err.message : t(`validation.${d.rule}`, { field: label, ...d.params });
      return { name: path, errors: [text] };
    }),
  );
  return true;
}
