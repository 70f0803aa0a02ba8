/**
 * SPEC §5 input restriction: each helper strips the characters a field does not accept, so it can
 * run on every keystroke (e.g. as an antd Form `normalize`).
 */
export const digitsOnly = (value: string): string => value.replace(/[^0-9]/g, '');
export const digitsAndDot = (value: string): string => value.replace(/[^0-9.]/g, '');
export const lettersAndDigits = (value: string): string => value.replace(/[^A-Za-z0-9]/g, '');
/** Hex characters 0-9 and a-f; upper-case A-F are lowered rather than dropped because serials are often typed in caps. */
export const hexOnly = (value: string): string => value.toLowerCase().replace(/[^0-9a-f]/g, '');
