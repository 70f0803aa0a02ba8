import { lookup } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import { splitUserinfo } from './redact';

/**
 * Stream URLs must not turn the server against itself (issue 25): a camera administrator could otherwise
 * point ffmpeg at the server's own ports, its loopback services or the cloud's link-local metadata address,
 * and read from the answers which ports are open. Such a source is refused before any connection is made,
 * so the refusal is the same whatever would have answered. The name is resolved here and every address it
 * resolves to is checked; ffmpeg resolves it again when it connects, so a name whose addresses change in
 * between (DNS rebinding) is not caught: the setting is for administrators, and this closes the plain way.
 * VIDEO_ALLOW_LOCAL_SOURCES=true lifts it (the demo's and the tests' simulators listen on 127.0.0.1).
 */
export type SourceVerdict = 'ok' | 'local' | 'unresolved';

const LOOKUP_MS = 5000;

/** The host of a URL, without brackets or port; null when it has none. */
export function hostOf(url: string): string | null {
  // read after the credentials, which may not parse (redact.ts)
  const parts = splitUserinfo(url);
  if (!parts) return null;
  try {
    const host = new URL(`http://${parts.rest}`).hostname;
    return host.replace(/^\[|\]$/g, '') || null;
  } catch {
    return null;
  }
}

function ipv4Local(a: string): boolean {
  const [x, y] = a.split('.').map(Number);
  // 0.0.0.0/8 reaches this host, 127/8 is loopback, 169.254/16 link-local (cloud metadata)
  return x === 0 || x === 127 || (x === 169 && y === 254);
}

function ipv6Local(a: string): boolean {
  const v = a.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v);
  if (mapped) return ipv4Local(mapped[1] as string);
  return v === '::' || v === '::1' || /^fe[89ab][0-9a-f]:/.test(v);
}

/** This machine's own addresses (any interface): its services answer on every one of them. */
function ownAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) out.add(a.address.toLowerCase().replace(/%.*$/, ''));
  return out;
}

export function isLocalAddress(address: string): boolean {
  const a = address.replace(/%.*$/, '');
  if (isIPv4(a) ? ipv4Local(a) : isIPv6(a) ? ipv6Local(a) : false) return true;
  return ownAddresses().has(a.toLowerCase());
}

/** Whether the URL's host is allowed as a video source ('unresolved': its name has no address). */
export async function checkSource(url: string): Promise<SourceVerdict> {
  const host = hostOf(url);
  if (!host) return 'unresolved';
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_MS);
      }),
    ]);
    return found.some((f) => isLocalAddress(f.address)) ? 'local' : 'ok';
  } catch {
    return 'unresolved';
  } finally {
    clearTimeout(timer);
  }
}
