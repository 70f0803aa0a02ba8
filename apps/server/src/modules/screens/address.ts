import { Code } from '@farmpark/contracts';
import { ApiError } from '../../http/apiError';

/** Stands for the console's own origin when a relative address is resolved; never contacted. */
const SITE = 'https://console.invalid';

/**
 * Why a screen address may not be opened, or null. The console opens it in a new tab with the
 * user's session, so it must be either a path of the console itself or an http(s) URL (screens on
 * another host are part of the product). Browsers read `\` as `/` and drop tabs and newlines, so
 * `/\evil.example` or `/\t/evil.example` would leave the site while looking like a path: any
 * backslash, control character or space is refused outright, and a path must still resolve to
 * the console's own origin.
 */
export function screenAddressProblem(address: string): string | null {
  if (/[\\\s\p{Cc}]/u.test(address)) return 'must not contain backslashes, spaces or control characters';
  if (address.startsWith('/')) {
    if (address.startsWith('//')) return 'a console path starts with a single /';
    return new URL(address, SITE).origin === SITE ? null : 'a console path must stay on this site';
  }
  if (!/^https?:\/\//i.test(address)) return 'must be an http(s) URL or a console path starting with /';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'is not a valid URL';
  }
  if (!url.hostname) return 'must name a host';
  // https://console.example@evil.example reads as the console but opens evil.example.
  if (url.username || url.password) return 'must not carry a user name or password';
  return null;
}

export function assertScreenAddress(address: string): void {
  const problem = screenAddressProblem(address);
  if (problem) throw new ApiError(Code.VALIDATION, `screenAddress: ${problem}`);
}
