import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from a tag is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 13;

/** 13 characters of 5 random bits each: 65 bits, not guessable from neighbouring tags. */
export function newTreeCode(): string {
  let s = '';
  for (let i = 0; i < LENGTH; i++) s += ALPHABET[randomInt(32)];
  return s;
}
