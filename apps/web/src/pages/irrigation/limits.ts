import './areaTexts';
import type { Limit } from '@farmpark/contracts';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/**
 * A form rule for a number with the contracts' limits (the server checks the same ones). The field
 * shows the message and nothing is sent; an InputNumber never gets min/max, which would clamp or
 * round a typed value silently (a 0.02 m³ volume was once sent as 0.1).
 */
export const limitRule = (t: TFunction, l: Limit, required = true): Rule => ({
  validator: async (_, v: unknown) => {
    if (v === null || v === undefined || v === '') {
      if (required) throw new Error(t('irr.limit', { min: l.min, max: l.max }));
      return;
    }
    if (typeof v !== 'number' || !Number.isFinite(v) || v < l.min || v > l.max) {
      throw new Error(t('irr.limit', { min: l.min, max: l.max }));
    }
  },
});
