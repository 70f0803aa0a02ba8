import { isValidGtin } from '@farmpark/contracts';

/**
 * GS1 Digital Link URI paths as GS1's standard writes them: `/01/{gtin}` with the key qualifiers that may
 * follow it in this order, `/22/{cpv}`, `/10/{lot}`, `/21/{serial}`, each at most once. A GTIN is 8, 12, 13 or
 * 14 digits with a valid check digit (kept as GTIN-14); a lot (AI 10) and a serial (AI 21) are 1 to 20
 * characters of GS1's character set 82. Anything else is a syntax error naming the part that is wrong.
 */
export interface DigitalLink {
  gtin: string;
  lot?: string;
  serial?: string;
}
export type LinkPart = 'path' | 'gtin' | 'checkDigit' | 'lot' | 'serial';
export type ParsedLink = { ok: true; link: DigitalLink } | { ok: false; part: LinkPart; value: string };

/** A GTIN-8/12/13 as the GTIN-14 GS1 Digital Link and the batches keep (zero-padded on the left). */
export const gtin14 = (gtin: string) => gtin.padStart(14, '0');

/** GS1 General Specifications' character set 82 (the characters AI 10 and AI 21 may hold). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;
const QUALIFIERS = ['22', '10', '21'] as const;

/** Parses the path of a Digital Link (from `/01/`); the query string is not part of it. */
export function parseDigitalLink(path: string): ParsedLink {
  const raw = path.split('/').slice(1);
  let parts: string[];
  try {
    parts = raw.map((p) => decodeURIComponent(p));
  } catch {
    return { ok: false, part: 'path', value: path };
  }
  if (parts.at(-1) === '') parts.pop();
  if (parts[0] !== '01' || parts.length < 2 || parts.length % 2 !== 0) return { ok: false, part: 'path', value: path };
  const gtin = parts[1];
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return { ok: false, part: 'gtin', value: gtin };
  if (!isValidGtin(gtin)) return { ok: false, part: 'checkDigit', value: gtin };
  const link: DigitalLink = { gtin: gtin14(gtin) };
  let next = 0;
  for (let i = 2; i < parts.length; i += 2) {
    const [ai, value] = [parts[i], parts[i + 1]];
    const at = QUALIFIERS.indexOf(ai as (typeof QUALIFIERS)[number], next);
    if (at < 0) return { ok: false, part: 'path', value: path };
    next = at + 1;
    if (ai === '10') {
      if (!CSET82.test(value)) return { ok: false, part: 'lot', value };
      link.lot = value;
    } else if (ai === '21') {
      if (!CSET82.test(value)) return { ok: false, part: 'serial', value };
      link.serial = value;
    } else if (!CSET82.test(value)) return { ok: false, part: 'path', value: path };
  }
  return { ok: true, link };
}

/** Where the public page shows a parsed link: the code's page, or the product's when there is no serial. */
export function pageOf(link: DigitalLink): string {
  const q = new URLSearchParams();
  if (link.serial !== undefined) q.set('code', link.serial);
  q.set('gtin', link.gtin);
  if (link.lot !== undefined) q.set('lot', link.lot);
  return `/OC?${q}`;
}

/** The link's own path (GTIN-14), the anchor of its link set. */
export function pathOf(link: DigitalLink): string {
  const enc = encodeURIComponent;
  return `/01/${link.gtin}${link.lot !== undefined ? `/10/${enc(link.lot)}` : ''}${
    link.serial !== undefined ? `/21/${enc(link.serial)}` : ''
  }`;
}
