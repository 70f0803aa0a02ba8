import { createHash, randomBytes } from 'node:crypto';
import { TESTING_TOKEN_TTL_MS } from '@farmpark/contracts';

/** What an installer's token stands for: one device, as long as its secret is the one it signed in with. */
export interface InstallerGrant {
  deviceId: number;
  merchantId: number;
  serial: string;
  /** The device's secret hash at sign-in: a regenerated secret ends the token at once. */
  secretHash: string;
  expiresAt: number;
}

/** More live tokens than this and the oldest go first; a sign-in is rate-limited, so this is never reached in use. */
const MAX_TOKENS = 10_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Short-lived debugging tokens for installers without an account. 256 random bits, kept only as a hash,
 * in memory: the watch they serve is per process too (docs/TESTING_PAGE.md, "Several processes").
 */
export function createInstallerTokens(now: () => number = Date.now) {
  const grants = new Map<string, InstallerGrant>();

  const sweep = (t: number) => {
    for (const [k, g] of grants) if (g.expiresAt <= t) grants.delete(k);
    while (grants.size >= MAX_TOKENS) grants.delete(grants.keys().next().value as string);
  };

  return {
    issue(device: Omit<InstallerGrant, 'expiresAt'>): { token: string; expiresAt: number } {
      const t = now();
      sweep(t);
      const token = `dbg_${randomBytes(32).toString('base64url')}`;
      const expiresAt = t + TESTING_TOKEN_TTL_MS;
      grants.set(hash(token), { ...device, expiresAt });
      return { token, expiresAt };
    },
    /** The grant of a live token, or null (unknown, expired). The caller still checks the device itself. */
    find(token: string): InstallerGrant | null {
      const g = grants.get(hash(token));
      if (!g) return null;
      if (g.expiresAt <= now()) {
        grants.delete(hash(token));
        return null;
      }
      return g;
    },
    get size() {
      return grants.size;
    },
  };
}
export type InstallerTokens = ReturnType<typeof createInstallerTokens>;
