import type {
  RecordHistoryQuery,
  RecordRevision,
  RevisedRecord,
  RevisionChange,
  RevisionKind,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import * as repo from './revisionsRepo';
import { wrongState } from './stock/answers';

/**
 * Finished records are corrected, never rewritten (issue 24). Done farm work and harvests keep every revision
 * in record_revisions: the record as first finished, each correction (with who, when and why) and the removal.
 * The record's own row holds the latest; the history shows them all. Each write keeps its revision in its own
 * transaction, under the park's lock (db/parkLock.ts), so two corrections at once never take the same number.
 */

/** Refuses a correction of a finished record that names no reason, on the field the console shows. */
export function requireReason(reason: string | null | undefined): string {
  if (reason) return reason;
  throw wrongState(
    'correctionReason',
    '已完成的记录只能更正：请填写更正原因（至少 4 个字）',
    'a finished record is corrected, not rewritten: give the reason for the correction (4 characters or more)',
  );
}

/** Keeps one revision of a record: what the write left, with its kind and reason. */
export async function keepRevision(
  trx: Db,
  auth: AuthContext,
  target: repo.RevisionTarget,
  kind: RevisionKind,
  data: Record<string, unknown> | null,
  reason: string | null = null,
) {
  const scope = scopeOf(auth);
  const revision = (await repo.lastRevision(trx, scope, target)) + 1;
  await repo.insertRevision(trx, scope, target, {
    revision,
    kind,
    data: JSON.stringify(data),
    reason,
    userId: auth.userId,
    userName: auth.loginName,
  });
}

/**
 * Before a correction: a record finished before revisions were kept has none, and gets its first one now, as it
 * stands (`read`), so its history starts from what it was.
 */
export async function keepFirstRevision(
  trx: Db,
  auth: AuthContext,
  target: repo.RevisionTarget,
  read: () => Promise<Record<string, unknown> | null>,
) {
  if ((await repo.lastRevision(trx, scopeOf(auth), target)) === 0)
    await keepRevision(trx, auth, target, 'made', await read());
}

/** What changed between two revisions' data, field by field (values compared as JSON). */
function changesBetween(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  if (!before || !after) return [];
  const changes: RevisionChange[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      changes.push({ field, before: before[field] ?? null, after: after[field] ?? null });
  return changes;
}

/** A record's history, newest first. */
export async function listRevisions(
  db: Db,
  auth: AuthContext,
  targetType: RevisedRecord,
  q: RecordHistoryQuery,
): Promise<RecordRevision[]> {
  requirePark(auth, q.groupId);
  const rows = await repo.revisionsOf(db, scopeOf(auth), { groupId: q.groupId, targetType, targetId: q.id });
  const data = rows.map((r) => JSON.parse(r.data) as Record<string, unknown> | null);
  return rows
    .map((r, i) => ({
      revision: r.revision,
      kind: r.kind as RevisionKind,
      at: Number(r.at),
      userName: r.user_name,
      reason: r.reason,
      data: data[i] ?? {},
      changes: i === 0 ? [] : changesBetween(data[i - 1], data[i]),
    }))
    .reverse();
}
