import { Code } from '@farmpark/contracts';
import { ApiError } from '../../../http/apiError';

/** Refusals of the stock pages, each with the detail the console phrases under its field. */
export const duplicateName = (value: string) =>
  new ApiError(
    Code.CONFLICT,
    { zh: `name: 名称“${value}”已存在`, en: `name: "${value}" already exists` },
    { field: 'name', rule: 'duplicate', params: { value } },
  );

/** `what` is the object being removed, `by` what still uses it. */
export const stillUsed = (field: string, name: string, count: number, by: { zh: string; en: string }) =>
  new ApiError(
    Code.CONFLICT,
    {
      zh: `${field}: “${name}”仍被 ${count} 条${by.zh}使用，不能删除`,
      en: `${field}: "${name}" is still used by ${count} ${by.en}; it cannot be removed`,
    },
    { field, rule: 'inUse', params: { count, value: name } },
  );

/** A change that the record's state does not allow (e.g. editing farm work already done). */
export const wrongState = (field: string, zh: string, en: string) =>
  new ApiError(Code.CONFLICT, { zh: `${field}: ${zh}`, en: `${field}: ${en}` }, { field, rule: 'invalid' });
