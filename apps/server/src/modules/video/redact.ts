/**
 * Credentials out of URLs and out of what ffmpeg says about them (issue 25), by reading the URL rather than
 * by a pattern: a password may hold quotes, spaces, `@`, `/` or `:` (`rtsp://admin:pa ss"@host/`), which no
 * "up to the next quote or space" pattern survives. What a camera's own URL holds is known, so its user and
 * password are removed from a text wherever they stand, in every spelling ffmpeg or a URL parser may print;
 * then every URL left in the text is shown without user, password or query.
 */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

interface Parts {
  scheme: string;
  /** Between `scheme://` and the `@` before the host; null when the URL carries none. */
  userinfo: string | null;
  /** Host, port, path and query. */
  rest: string;
}

/**
 * Splits a URL at its userinfo. When the WHATWG parser reads it, its reading decides whether there is one
 * (it ends at the last `@` before the path); when it cannot (a `/` or a space in the password), everything
 * up to the last `@` counts as userinfo: too much hidden is safe, too little is not.
 */
export function splitUserinfo(url: string): Parts | null {
  const text = url.trim();
  const scheme = SCHEME.exec(text)?.[0];
  if (!scheme) return null;
  const after = text.slice(scheme.length);
  let at: number;
  try {
    const u = new URL(text);
    if (u.username === '' && u.password === '') return { scheme, userinfo: null, rest: after };
    const end = after.search(/[/?#]/);
    at = after.lastIndexOf('@', end < 0 ? after.length : end);
  } catch {
    at = after.lastIndexOf('@');
  }
  if (at < 0) return { scheme, userinfo: null, rest: after };
  return { scheme, userinfo: after.slice(0, at), rest: after.slice(at + 1) };
}

/** Every spelling of a secret that may be printed: as typed, percent-decoded, percent-encoded (both ways). */
function spellings(secret: string): string[] {
  const out = new Set([secret, encodeURIComponent(secret), encodeURI(secret)]);
  try {
    out.add(decodeURIComponent(secret));
  } catch {
    // not percent-encoded text
  }
  return [...out].filter((s) => s !== '');
}

/** The user and password a URL carries, in every spelling (none when it carries none). */
export function secretsOf(url: string | null | undefined): string[] {
  const parts = url ? splitUserinfo(url) : null;
  if (!parts?.userinfo) return [];
  const colon = parts.userinfo.indexOf(':');
  const user = colon < 0 ? parts.userinfo : parts.userinfo.slice(0, colon);
  const password = colon < 0 ? '' : parts.userinfo.slice(colon + 1);
  // A user name of one or two letters ("u") would blank those letters in every word; it is no secret alone.
  const named = user.length >= 3 ? spellings(user) : [];
  const out = new Set([...spellings(parts.userinfo), ...named, ...spellings(password)]);
  try {
    const u = new URL(url as string);
    if (u.password) out.add(u.password);
    if (named.length > 0) out.add(u.username);
  } catch {
    // the tolerant split above covers it
  }
  // the longest first, so a password is not half replaced by its user name
  return [...out].sort((a, b) => b.length - a.length);
}

/** A URL as it may be shown: user, password and query replaced by `***`. */
export function maskUrl(url: string): string {
  const parts = splitUserinfo(url);
  if (!parts) return '***';
  try {
    const u = new URL(`${parts.scheme}${parts.rest}`);
    const auth = parts.userinfo !== null ? '***@' : '';
    return `${u.protocol}//${auth}${u.host}${u.pathname}${u.search ? '?***' : ''}`;
  } catch {
    return `${parts.scheme}***`;
  }
}

/** The stream URL for video setup's list: masked, and whether it carries credentials or a query. */
export function maskStreamUrl(url: string | null): { url: string | null; credentials: boolean } {
  if (!url) return { url: null, credentials: false };
  const parts = splitUserinfo(url);
  const credentials = parts === null || parts.userinfo !== null || parts.rest.includes('?');
  return { url: maskUrl(url), credentials };
}

/**
 * A text bound for an answer or a log line (ffmpeg's last words, an error) without the credentials of the
 * given URLs in any spelling, and with every URL in it masked.
 */
export function redact(text: string, urls: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of urls.flatMap(secretsOf)) out = out.split(secret).join('***');
  return out.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]*/gi, (u) => {
    // ffmpeg writes `<url>: Connection refused`: the colon is the sentence's, not the URL's
    const tail = /[.,;:)\]]*$/.exec(u)?.[0] ?? '';
    return maskUrl(u.slice(0, u.length - tail.length)) + tail;
  });
}
