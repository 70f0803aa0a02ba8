import type { LinkTarget } from '@farmpark/contracts';
import { getLinkToken } from '../api/auth';

/**
 * Opens another host's `url` with `token=` a link token for `target` and the given query (SPEC §3: help and the
 * new-version screen). The tab opens at the click, so no pop-up blocker takes it for an unasked window, and is sent
 * on once the token is in; it is closed again if the token cannot be had (the request already said why).
 */
export async function openLinked(url: string, target: LinkTarget, query: Record<string, string> = {}) {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  try {
    const { token } = await getLinkToken(target);
    const params = new URLSearchParams({ token, ...query });
    const to = `${url}${url.includes('?') ? '&' : '?'}${params}`;
    if (tab) tab.location.href = to;
    else window.open(to, '_blank', 'noopener');
  } catch {
    tab?.close();
  }
}
