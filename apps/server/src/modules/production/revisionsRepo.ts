import type { RevisedRecord } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { insertRow } from '../../db/rows';
import { type Scope, scoped } from '../../db/scope';

/** Kysely for record_revisions (revisions.ts). */
export interface RevisionTarget {
  groupId: number;
  targetType: RevisedRecord;
  targetId: number;
}

/** Every revision of a record, oldest first. */
export const revisionsOf = (db: Db, scope: Scope, t: RevisionTarget) =>
  scoped(db, scope, t.groupId)
    .selectFrom('record_revisions')
    .selectAll()
    .where('target_type', '=', t.targetType)
    .where('target_id', '=', t.targetId)
    .orderBy('revision')
    .execute();

export type RevisionRow = Awaited<ReturnType<typeof revisionsOf>>[number];

/** The number of the record's latest revision (0 when it has none yet). */
export async function lastRevision(db: Db, scope: Scope, t: RevisionTarget): Promise<number> {
  const r = await scoped(db, scope, t.groupId)
    .selectFrom('record_revisions')
    .select((eb) => eb.fn.max('revision').as('last'))
    .where('target_type', '=', t.targetType)
    .where('target_id', '=', t.targetId)
    .executeTakeFirst();
  return Number(r?.last ?? 0);
}

export const insertRevision = (
  db: Db,
  scope: Scope,
  t: RevisionTarget,
  row: { revision: number; kind: string; data: string; reason: string | null; userId: number; userName: string },
) =>
  insertRow(db, scope, 'record_revisions', {
    merchant_id: scope.merchantId,
    group_id: t.groupId,
    target_type: t.targetType,
    target_id: t.targetId,
    revision: row.revision,
    kind: row.kind,
    data: row.data,
    reason: row.reason,
    user_id: row.userId,
    user_name: row.userName,
    at: Date.now(),
  });
