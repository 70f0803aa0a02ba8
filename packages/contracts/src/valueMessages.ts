/**
 * The stable phrases of request-value errors (requestValues.ts), in a file without zod so the
 * console's phrase table (errorDetail.ts) reaches /login's first load without the schema library
 * (apps/web/e2e/bundle.e2e.ts).
 */
export const VALUE_MESSAGES = {
  required: 'is required',
  boolean: 'must be true or false',
  number: 'must be a number',
  integer: 'must be a whole number',
  id: 'must be an id (a whole number from 1)',
  list: 'must be a list',
  time: 'must be epoch milliseconds or a date such as 2026-11-22 08:00:00',
  object: 'must be a JSON object',
} as const;
