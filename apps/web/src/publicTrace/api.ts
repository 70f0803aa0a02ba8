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

async function read<T>(path: string, code: string, lang: string): Promise<T> {
  const q = new URLSearchParams({ code });
  const res = await fetch(`${path}?${q}`, { headers: { 'Accept-Language': lang, 'X-Visit-Id': visitId() } });
  if (!res.ok) throw new LookupError(`HTTP ${res.status}`);
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new LookupError(body.msg);
  return body.data;
}

/** The answer of /OC (with the park's zone when the server sends one) or of /TC. */
export type ProductAnswer = PublicCodeAnswer & { timeZone?: string };
export const readProduct = (code: string, lang: string) => read<ProductAnswer>('/api/public/trace/code', code, lang);
export const readTree = (code: string, lang: string) => read<PublicTreeAnswer>('/api/public/trace/tree', code, lang);
