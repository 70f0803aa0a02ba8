import { named, refinement } from '../errorDetail';
import { enumField, numberField, withDefault } from '../requestValues';

/**
 * Field builders shared by the production stock contracts (materials, suppliers, machinery, farm work,
 * videos). Days are 'YYYY-MM-DD' in the park's zone; quantities are in the material's unit with at most
 * three decimals, so stock arithmetic rounds to the same grain everywhere.
 */
export { dayField, optText, parkPageQuery, text } from './coreValues';

/** Rounds to the thousandth of a unit: the grain of every stored quantity. */
export const roundQty = (n: number): number => Math.round(n * 1000) / 1000;
const threeDecimals = (n: number) => Math.abs(roundQty(n) - n) < 1e-9;

/** A quantity above zero (a farm work's use, a delivery). */
export const quantityField = () =>
  numberField((n) => n.gt(0).max(1e9)).refine((v) => threeDecimals(v as number), refinement('decimals', { max: 3 }));

/** A signed quantity, not zero (a stock adjustment). */
export const signedQuantityField = () =>
  numberField((n) => n.min(-1e9).max(1e9))
    .refine((v) => v !== 0, named('notZero'))
    .refine((v) => threeDecimals(v as number), refinement('decimals', { max: 3 }));

export const exportFormat = withDefault(enumField(['csv', 'xlsx']), 'csv');
