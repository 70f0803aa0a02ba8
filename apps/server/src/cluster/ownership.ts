import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/connect';
import { acquireLease, type Lease, releaseLease } from './leasesRepo';

/** The pieces of work one process at a time owns (docs/OPERATIONS.md, "Ownership"). */
export const LEASES = ['devices', 'rules', 'retention'] as const;
export type LeaseName = (typeof LEASES)[number];

/** A dead owner's work is taken over at most TTL + RENEW after its last renewal. */
export const LEASE_TTL_MS = 10_000;
export const LEASE_RENEW_MS = 2_000;

export interface Ownership {
  /** Whether this process may start the named work now: held, with at least half the lease left to finish it. */
  owns(name: LeaseName): boolean;
  /** The held lease (for fenced writes), or null. */
  lease(name: LeaseName): Lease | null;
  /** Renews or takes every lease once; the timer does this every LEASE_RENEW_MS. */
  renew(): Promise<void>;
  /** Stops renewing and releases what is held, so a successor starts at once. */
  close(): Promise<void>;
}

export interface OwnershipDeps {
  db: Db;
  /** false (SQLite: one process owns everything) makes this a no-op that owns every lease. */
  shared: boolean;
  holder?: string;
  /** Called after a lease is gained, before `owns` says yes: reload what another owner may have changed. */
  onGain?: (name: LeaseName) => Promise<void>;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  ttlMs?: number;
  renewMs?: number;
  now?: () => number;
  /** Tests drive `renew` themselves. */
  timer?: boolean;
}

/** A holder name unique to this process, readable in the lease table. */
export const processHolder = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 128);

export function createOwnership(deps: OwnershipDeps): Ownership {
  if (!deps.shared) {
    return { owns: () => true, lease: () => null, renew: async () => {}, close: async () => {} };
  }
  const now = deps.now ?? Date.now;
  const ttl = deps.ttlMs ?? LEASE_TTL_MS;
  const holder = deps.holder ?? processHolder();
  const held = new Map<LeaseName, Lease>();
  let running: Promise<void> | null = null;
  let closed = false;

  async function renewOne(name: LeaseName) {
    const before = held.get(name);
    const got = await acquireLease(deps.db, name, holder, ttl, now());
    if (!got) {
      if (before) deps.log?.warn({ lease: name, holder }, 'cluster: lease lost to another process');
      held.delete(name);
      return;
    }
    if (!before || before.token !== got.token) {
      held.delete(name); // not ours to use until the new owner has caught up
      await deps.onGain?.(name);
      deps.log?.info({ lease: name, holder, token: got.token }, 'cluster: lease gained');
    }
    held.set(name, got);
  }

  const renew = () => {
    if (closed) return Promise.resolve();
    running ??= (async () => {
      for (const name of LEASES) {
        await renewOne(name).catch((err: Error) => {
          // The database is unreachable: our lease may lapse meanwhile, so stop using it.
          held.delete(name);
          deps.log?.warn({ lease: name, err: err.message }, 'cluster: lease renewal failed');
        });
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = deps.timer === false ? null : setInterval(() => void renew(), deps.renewMs ?? LEASE_RENEW_MS);
  timer?.unref();

  return {
    owns(name) {
      const l = held.get(name);
      return l !== undefined && l.expiresAt - now() > ttl / 2;
    },
    lease: (name) => held.get(name) ?? null,
    renew,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
      for (const l of held.values()) await releaseLease(deps.db, l).catch(() => {});
      held.clear();
    },
  };
}
