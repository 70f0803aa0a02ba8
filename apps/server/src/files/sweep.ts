import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_KINDS, type StoredFileKind } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import { contentStore, extOf } from './contentStore';
import { recordFile } from './ledger';
import * as ledger from './ledgerRepo';
import { NAMERS, type NamedFile } from './namersRepo';

/**
 * How long a file may stay unnamed: an upload is stored before the record that names it is saved (a
 * person's photo is uploaded, then the form is saved). A label sheet is named by its job from the moment
 * it is stored, and is kept for its downloads by its namer (LABEL_KEEP_MS), so it needs no day more.
 */
export const FILE_GRACE_MS: Record<StoredFileKind, number> = {
  images: 24 * 3_600_000,
  reports: 24 * 3_600_000,
  videos: 24 * 3_600_000,
  labels: 3_600_000,
};

export interface SweepResult {
  /** Files records name that the ledger did not list yet (kept from before the ledger): entered. */
  adopted: number;
  /** Ledger rows no record names any more: the merchant no longer pays for them. */
  released: number;
  /** Files on disk no merchant keeps: removed, with their thumbnails. */
  removed: number;
  removedBytes: number;
}

const keyOf = (merchantId: number, sha256: string) => `${merchantId}:${sha256}`;
const SHA_FILE = /^([0-9a-f]{64})\.[a-z0-9]+$/;

/**
 * Keeps the file store and its ledger true to the records, kind by kind:
 * 1. a file a record names but the ledger lacks (kept before the ledger existed) is entered for its merchant;
 * 2. a ledger row older than the grace period that no record of its merchant names is released;
 * 3. a file on disk no ledger row holds, unchanged for the grace period, is removed, and so is its thumbnail.
 * Run hourly by one process (jobs/fileJobs.ts). A put that finds its content on disk already touches it,
 * and every removal is checked against the ledger again right before it, so a file being stored now is
 * never taken.
 */
export async function sweepFiles(
  db: Db,
  dataDir: string,
  now = Date.now(),
  grace = FILE_GRACE_MS,
): Promise<SweepResult> {
  const result: SweepResult = { adopted: 0, released: 0, removed: 0, removedBytes: 0 };
  for (const kind of FILE_KINDS) await sweepKind(db, dataDir, kind, now, grace[kind], result);
  return result;
}

async function sweepKind(
  db: Db,
  dataDir: string,
  kind: StoredFileKind,
  now: number,
  graceMs: number,
  result: SweepResult,
): Promise<void> {
  const store = contentStore(dataDir, kind);
  const named = new Map<string, NamedFile>();
  for (const namer of NAMERS[kind]) for (const f of await namer(db, now)) named.set(keyOf(f.merchant_id, f.sha256), f);
  const rows = await ledger.ledgerOfKind(db, kind);
  const listed = new Set(rows.map((r) => keyOf(r.merchant_id, r.sha256)));

  for (const [key, f] of named) {
    if (listed.has(key)) continue;
    const ext = extOf(f.mime);
    const bytes = await store.size(f.sha256, ext).catch(() => null);
    if (bytes === null) continue; // named but gone: nothing to count
    await recordFile({ db, merchantId: f.merchant_id }, kind, { sha256: f.sha256, ext, bytes }, now);
    result.adopted++;
  }

  const unnamed = rows.filter(
    (r) => now - Number(r.created_at) > graceMs && !named.has(keyOf(r.merchant_id, r.sha256)),
  );
  await ledger.deleteStoredFiles(
    db,
    unnamed.map((r) => r.id),
  );
  result.released += unnamed.length;
  const gone = new Set(unnamed.map((r) => r.id));
  const held = new Set([
    ...rows.filter((r) => !gone.has(r.id)).map((r) => r.sha256),
    ...[...named.values()].map((f) => f.sha256),
  ]);

  const thumbs = kind === 'images' ? contentStore(dataDir, 'thumbs') : null;
  for (const dir of await readdir(store.root).catch(() => [] as string[])) {
    if (!/^[0-9a-f]{2}$/.test(dir)) continue;
    for (const name of await readdir(join(store.root, dir)).catch(() => [] as string[])) {
      const full = join(store.root, dir, name);
      const m = SHA_FILE.exec(name);
      const s = await stat(full).catch(() => null);
      if (!s || now - s.mtimeMs <= graceMs) continue;
      // a write that died between its temporary name and the rename leaves a .tmp behind
      if (m && (held.has(m[1]) || (await ledger.isKept(db, kind, m[1])))) continue;
      await rm(full, { force: true });
      if (m && thumbs) await rm(thumbs.pathOf(m[1], 'jpg'), { force: true });
      result.removed++;
      result.removedBytes += s.size;
    }
  }
  // an upload refused or cut off mid-stream leaves nothing, but a process killed mid-write may
  for (const name of await readdir(store.root).catch(() => [] as string[])) {
    if (!name.endsWith('.tmp')) continue;
    const s = await stat(join(store.root, name)).catch(() => null);
    if (s && now - s.mtimeMs > graceMs) await rm(join(store.root, name), { force: true });
  }
}
