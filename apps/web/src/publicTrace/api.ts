import type { PublicCodeAnswer, PublicTreeAnswer } from '@farmpark/contracts';

/**
 * The consumer pages' reads. Not the console's api/request.ts: that one carries the session, its error
 * toasts (antd) and a forced logout, none of which a public page has or may load.
 */
export type PageKind = 'OC' | 'TC';

/** One id per visit (this tab), so a reload of the page is not counted as another scan. */
function visitId(): string {
  const key = 'fp-trace-visit';
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const made = newVisitId();
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return newVisitId();
  }
}

/** 16 random bytes in base64url (22 characters): the shape the public APIs take in `X-Visit-Id`. */
function newVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export class LookupError extends Error {}

/** What the page was opened with: a code, and for /OC the GTIN and lot a GS1 Digital Link carried with it. */
export interface PageQuery {
  code: string;
  gtin?: string;
  lot?: string;
}

async function read<T>(path: string, query: Record<string, string | undefined>, lang: string): Promise<T> {
  const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  const res = await fetch(`${path}?${q}`, { headers: { 'Accept-Language': lang, 'X-Visit-Id': visitId() } });
  if (!res.ok) throw new LookupError(`HTTP ${res.status}`);
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new LookupError(body.msg);
  return body.data;
}

/** The answer of /OC (with the park's zone when the server sends one) or of /TC. */
export type ProductAnswer = PublicCodeAnswer & { timeZone?: string };
/** A code's page, or without a code the product page of a Digital Link's GTIN (and lot). */
export const readProduct = ({ code, gtin, lot }: PageQuery, lang: string) =>
  code
    ? read<ProductAnswer>('/api/public/trace/code', { code, gtin, lot }, lang)
    : read<ProductAnswer>('/api/public/trace/product', { gtin, lot }, lang);
export const readTree = ({ code }: PageQuery, lang: string) =>
  read<PublicTreeAnswer>('/api/public/trace/tree', { code }, lang);
