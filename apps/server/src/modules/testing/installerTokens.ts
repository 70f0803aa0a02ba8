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

/**
 * Live tokens one device, and one merchant, may hold: a new sign-in past either ends the oldest token of that
 * same device or merchant, never anyone else's (a device signed in 10,000 times used to end other merchants'
 * sessions). A few phones per device; sign-ins are rate-limited besides.
 */
export const TOKENS_PER_DEVICE = 10;
export const TOKENS_PER_MERCHANT = 500;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Short-lived debugging tokens for installers without an account. 256 random bits, kept only as a hash,
 * in memory: the watch they serve is per process too (docs/TESTING_PAGE.md, "Several processes").
 */
export function createInstallerTokens(now: () => number = Date.now) {
  const grants = new Map<string, InstallerGrant>();

  /** Ends the oldest live tokens of which `same` holds while there are `max` or more (the map keeps issue order). */
  const keepUnder = (max: number, same: (g: InstallerGrant) => boolean) => {
    const mine = [...grants].filter(([, g]) => same(g));
    for (const [k] of mine.slice(0, Math.max(0, mine.length - max + 1))) grants.delete(k);
  };
  const sweep = (t: number, device: Omit<InstallerGrant, 'expiresAt'>) => {
    for (const [k, g] of grants) if (g.expiresAt <= t) grants.delete(k);
    keepUnder(TOKENS_PER_DEVICE, (g) => g.deviceId === device.deviceId);
    keepUnder(TOKENS_PER_MERCHANT, (g) => g.merchantId === device.merchantId);
  };

  return {
    issue(device: Omit<InstallerGrant, 'expiresAt'>): { token: string; expiresAt: number } {
      const t = now();
      sweep(t, device);
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
