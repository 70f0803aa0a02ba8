import type { Db } from '../../../db/connect';
import { inList, type Scope, scoped } from '../../../db/scope';

/**
 * Kysely for published snapshots: one row per publish (version, ticked sections, the frozen trace, withdrawn
 * stamp) and the tokens of the files each shows. Snapshots are only added or stamped, never rewritten.
 */

/** A file a snapshot shows, by the token its public URL carries. */
export interface SnapshotFile {
  token: string;
  kind: 'report' | 'video';
  sha256: string;
  mime: string;
}

/** The latest snapshot of each batch the caller may see (one query for a page of batches). */
export async function latestSnapshots(db: Db, scope: Scope, batchIds: readonly number[]) {
  const rows = await scoped(db, scope)
    .selectFrom('trace_snapshots')
    .select(['id', 'batch_id', 'version', 'sections', 'published_at', 'withdrawn_at'])
    .where('batch_id', 'in', inList(batchIds))
    .orderBy('version', 'desc')
    .execute();
  const latest = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.batch_id)) latest.set(r.batch_id, r);
  return latest;
}

/** The latest snapshot of a batch, for consumers (no caller: the batch id is all a public read holds). */
export function latestSnapshot(db: Db, batchId: number) {
  return db
    .selectFrom('trace_snapshots')
    .select(['merchant_id', 'group_id', 'sections', 'trace', 'withdrawn_at'])
    .where('batch_id', '=', batchId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Adds the batch's next version and its files in one transaction; `make` writes the snapshot for the version
 * it is given (the frozen trace names its own version).
 */
export function insertSnapshot(
  db: Db,
  scope: Scope,
  batch: { id: number; group_id: number },
  make: (version: number) => { sections: string; trace: string; published_at: number },
  files: readonly SnapshotFile[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const last = await scoped(trx, scope)
      .selectFrom('trace_snapshots')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('batch_id', '=', batch.id)
      .executeTakeFirst();
    const version = Number(last?.v ?? 0) + 1;
    const snap = await scoped(trx, scope)
      .insertInto('trace_snapshots')
      .values({
        merchant_id: scope.merchantId,
        group_id: batch.group_id,
        batch_id: batch.id,
        version,
        withdrawn_at: null,
        ...make(version),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (files.length > 0)
      await trx
        .insertInto('trace_snapshot_files')
        .values(files.map((f) => ({ ...f, snapshot_id: snap.id })))
        .execute();
    return version;
  });
}

export async function withdrawSnapshot(db: Db, scope: Scope, snapshotId: number, at: number) {
  await scoped(db, scope)
    .updateTable('trace_snapshots')
    .set({ withdrawn_at: at })
    .where('id', '=', snapshotId)
    .execute();
}

/**
 * A file by its token, only while its snapshot is the latest version of its batch and not withdrawn: a token
 * of an older version or of a withdrawn batch finds nothing.
 */
export function liveFile(db: Db, token: string) {
  return db
    .selectFrom('trace_snapshot_files as f')
    .innerJoin('trace_snapshots as s', 's.id', 'f.snapshot_id')
    .select(['f.kind', 'f.sha256', 'f.mime'])
    .where('f.token', '=', token)
    .where('s.withdrawn_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trace_snapshots as n')
            .select('n.id')
            .whereRef('n.batch_id', '=', 's.batch_id')
            .whereRef('n.version', '>', 's.version'),
        ),
      ),
    )
    .executeTakeFirst();
}
