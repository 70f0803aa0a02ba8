import { expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { describeEachEngine } from '../test/harness';
import { acquireLease, fencedTransaction, releaseLease, StaleLeaseError } from './leasesRepo';
import { createOwnership, type LeaseName } from './ownership';

const TTL = 10_000;
const T0 = 1_000_000;

describeEachEngine('cluster leases', (env) => {
  it('gives a lease to one holder at a time, even when both ask at once', async () => {
    // A second connection pool, as a second process would have.
    const other = connectDatabase(env().config.database);
    try {
      for (let round = 0; round < 10; round++) {
        const at = T0 + round * (TTL + 1); // each round the previous lease has lapsed
        const [a, b] = await Promise.all([
          acquireLease(env().db, 'race', 'A', TTL, at),
          acquireLease(other, 'race', 'B', TTL, at),
        ]);
        expect([a, b].filter((l) => l !== null)).toHaveLength(1);
      }
    } finally {
      await other.destroy();
    }
  });

  it('keeps the token on renewal, refuses another holder while it runs, hands over after expiry', async () => {
    const db = env().db;
    const first = await acquireLease(db, 'handover', 'A', TTL, T0);
    expect(first?.token).toBe(1);
    expect(await acquireLease(db, 'handover', 'B', TTL, T0 + TTL - 1)).toBeNull();
    expect((await acquireLease(db, 'handover', 'A', TTL, T0 + 5_000))?.token).toBe(1);
    expect(await acquireLease(db, 'handover', 'B', TTL, T0 + TTL + 1)).toBeNull(); // renewed until T0 + 15 s
    const taken = await acquireLease(db, 'handover', 'B', TTL, T0 + 5_000 + TTL);
    expect(taken).toMatchObject({ holder: 'B', token: 2 });
    expect(await acquireLease(db, 'handover', 'A', TTL, T0 + 5_000 + TTL + 1)).toBeNull();
    // a clean release lets the next holder in at once
    await releaseLease(db, taken as NonNullable<typeof taken>);
    expect((await acquireLease(db, 'handover', 'A', TTL, T0 + 5_000 + TTL + 2))?.token).toBe(3);
  });

  it("refuses a stale owner's fenced write and commits the current owner's", async () => {
    const db = env().db;
    const old = await acquireLease(db, 'fence', 'A', TTL, T0);
    const current = await acquireLease(db, 'fence', 'B', TTL, T0 + TTL);
    if (!old || !current) throw new Error('leases not granted');
    const probe = (name: string) => (trx: typeof db) =>
      trx
        .withTables<{ cluster_leases: { name: string; holder: string; token: number; expires_at: number } }>()
        .insertInto('cluster_leases')
        .values({ name, holder: 'probe', token: 0, expires_at: 0 })
        .execute();
    await expect(fencedTransaction(db, old, T0 + TTL + 1, probe('stale-write'))).rejects.toBeInstanceOf(
      StaleLeaseError,
    );
    // a lease that lapsed without a successor fences too: its holder may already be replaced
    await expect(fencedTransaction(db, current, T0 + 3 * TTL, probe('lapsed-write'))).rejects.toBeInstanceOf(
      StaleLeaseError,
    );
    await fencedTransaction(db, current, T0 + TTL + 1, probe('current-write'));
    const names = await db
      .withTables<{ cluster_leases: { name: string } }>()
      .selectFrom('cluster_leases')
      .select('name')
      .where('name', 'in', ['stale-write', 'lapsed-write', 'current-write'])
      .execute();
    expect(names.map((n) => n.name)).toEqual(['current-write']);
  });

  it('ownership: one process owns each piece of work; the other takes over after the owner stops renewing', async () => {
    let clock = 2 * T0;
    const gained: string[] = [];
    const make = (holder: string) =>
      createOwnership({
        db: env().db,
        shared: true,
        holder,
        timer: false,
        now: () => clock,
        onGain: async (name: LeaseName) => {
          gained.push(`${holder}:${name}`);
        },
      });
    const a = make('proc-a');
    const b = make('proc-b');
    await a.renew();
    await b.renew();
    expect([a.owns('rules'), b.owns('rules')]).toEqual([true, false]);
    expect([a.owns('devices'), b.owns('devices')]).toEqual([true, false]);
    clock += 6_000; // a's lease has under half its time left and a has not renewed: it stops starting work
    expect(a.owns('rules')).toBe(false);
    clock += 4_001; // a is gone; its lease lapsed
    await b.renew();
    expect(b.owns('rules')).toBe(true);
    expect(gained).toEqual([
      'proc-a:devices',
      'proc-a:rules',
      'proc-a:retention',
      'proc-b:devices',
      'proc-b:rules',
      'proc-b:retention',
    ]);
    await a.renew(); // the old owner comes back: it stays out
    expect(a.owns('rules')).toBe(false);
    await b.close();
    await a.renew(); // b released on close: a need not wait for the lease to lapse
    expect(a.owns('rules')).toBe(true);
    await a.close();
  });

  it('on SQLite-only set-ups (not shared) one process owns everything without a table', async () => {
    const solo = createOwnership({ db: env().db, shared: false });
    expect(solo.owns('rules') && solo.owns('devices') && solo.owns('retention')).toBe(true);
    await solo.close();
  });
});
