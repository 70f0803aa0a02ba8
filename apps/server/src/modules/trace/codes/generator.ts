import { randomBytes } from 'node:crypto';
import { TRACE_CODE_ALPHABET, TRACE_CODE_LENGTH } from '@farmpark/contracts';

/**
 * `n` fresh codes: 13 characters of Crockford base32, each from 5 bits of one random byte (256 is a
 * multiple of 32, so every character is uniform): 65 random bits a code, not guessable from its
 * neighbours on a roll. One randomBytes call for the lot keeps 100,000 codes a few milliseconds.
 */
export function newTraceCodes(n: number): string[] {
  const bytes = randomBytes(n * TRACE_CODE_LENGTH);
  const out: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let j = 0; j < TRACE_CODE_LENGTH; j++) s += TRACE_CODE_ALPHABET[bytes[i * TRACE_CODE_LENGTH + j] & 31];
    out[i] = s;
  }
  return out;
}

const CODE_SHAPE = new RegExp(`^[${TRACE_CODE_ALPHABET}]{${TRACE_CODE_LENGTH}}$`);
/** Whether a (normalised) text could be a code at all: anything else is unknown without a query. */
export const isTraceCodeShape = (s: string) => CODE_SHAPE.test(s);
