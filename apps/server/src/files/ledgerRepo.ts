import type { StoredFileKind } from '@farmpark/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { merchantWide } from '../db/scope';

/** Kysely for the file store's ledger (`stored_files`, files/ledger.ts) and the companies' quotas. */

const num = (v: unknown) => Number(v ?? 0);

export async function quotaMb(db: Db, merchantId: number): Promise<number> {
  const row = await db.selectFrom('merchants').select('file_quota_mb').where('id', '=', merchantId).executeTakeFirst();
  return num(row?.file_quota_mb);
}

export async function usedBytes(db: Db, merchantId: number): Promise<number> {
  const row = await merchantWide(db, merchantId)
    .selectFrom('stored_files')
    .select(sql<number>`coalesce(sum(bytes), 0)`.as('used'))
    .executeTakeFirst();
  return num(row?.used);
}

export async function usageByKind(db: Db, merchantId: number) {
  const rows = await merchantWide(db, merchantId)
    .selectFrom('stored_files')
    .select(['kind', sql<number>`sum(bytes)`.as('bytes'), sql<number>`count(*)`.as('files')])
    .groupBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, bytes: num(r.bytes), files: num(r.files) }));
}

/**
 * Whether this content of this kind is kept: by the company (the quota's question: content kept costs nothing
 * more), or by anyone (the sweep's, right before it removes a file).
 */
export async function isKept(db: Db, kind: StoredFileKind, sha256: string, merchantId?: number): Promise<boolean> {
  const row = await (merchantId === undefined ? db : merchantWide(db, merchantId))
    .selectFrom('stored_files')
    .select('id')
    .where('kind', '=', kind)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertStoredFile(
  db: Db,
  merchantId: number,
  kind: StoredFileKind,
  file: { sha256: string; ext: string; bytes: number },
  now: number,
): Promise<void> {
  await merchantWide(db, merchantId)
    .insertInto('stored_files')
    .values({ merchant_id: merchantId, kind, ...file, created_at: now })
    .onConflict((oc) => oc.columns(['merchant_id', 'kind', 'sha256']).doNothing())
    .execute();
}

/** Every company's rows of a kind: the sweep's view (one process, for the whole store). */
export function ledgerOfKind(db: Db, kind: StoredFileKind) {
  return db
    .selectFrom('stored_files')
    .select(['id', 'merchant_id', 'sha256', 'created_at'])
    .where('kind', '=', kind)
    .execute();
}

export async function deleteStoredFiles(db: Db, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('stored_files')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}
