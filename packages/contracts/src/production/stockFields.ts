import { z } from 'zod';
import { id, pageQuery } from '../envelope';
import { enumField, numberField, optional, withDefault } from '../requestValues';
import { optText, text, validDay } from './coreValues';

/**
 * Field builders shared by the production stock contracts (materials, suppliers, machinery, farm work,
 * videos). Days are 'YYYY-MM-DD' in the park's zone; quantities are in the material's unit with at most
 * three decimals, so stock arithmetic rounds to the same grain everywhere.
 */
/** Text fields as the core schemas have them (optText: blank is ''). */
export { optText, text };

/** A calendar day 'YYYY-MM-DD'. */
export const dayField = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .trim()
    .refine(validDay, `${field} must be a date YYYY-MM-DD`);

/** Rounds to the thousandth of a unit: the grain of every stored quantity. */
export const roundQty = (n: number): number => Math.round(n * 1000) / 1000;
const threeDecimals = (n: number) => Math.abs(roundQty(n) - n) < 1e-9;

/** A quantity above zero (a farm work's use, a delivery). */
export const quantityField = (field: string) =>
  numberField((n) => n.gt(0, `${field} must be more than 0`).max(1e9, `${field} must be at most 1000000000`)).refine(
    (v) => threeDecimals(v as number),
    `${field} may have at most 3 decimals`,
  );

/** A signed quantity, not zero (a stock adjustment). */
export const signedQuantityField = (field: string) =>
  numberField((n) =>
    n.min(-1e9, `${field} must be at least -1000000000`).max(1e9, `${field} must be at most 1000000000`),
  )
    .refine((v) => v !== 0, `${field} must not be 0`)
    .refine((v) => threeDecimals(v as number), `${field} may have at most 3 decimals`);

/** A list query of one park's records (the park is required: production records are per park). */
export const parkPageQuery = z.object({
  groupId: id,
  keyword: optional(text('keyword', 100)),
  ...pageQuery.shape,
});

export const exportFormat = withDefault(enumField(['csv', 'xlsx']), 'csv');
