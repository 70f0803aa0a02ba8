import { Code, dayIn, type WithdrawBatchBody } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { ApiError, notFound } from '../../../http/apiError';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { zoneOfPark } from '../../parks/repo';
import { batchScope, codeCountsOf, findBatch } from './repo';
import { latestSnapshots, withdrawSnapshot } from './snapshotRepo';

const dayRule = (rule: 'min' | 'max', day: string, zh: string, en: string) =>
  new ApiError(
    Code.VALIDATION,
    { zh: `withdrawnOn: ${zh} ${day}`, en: `withdrawnOn: ${en} ${day}` },
    { field: 'withdrawnOn', rule, params: { [rule]: day } },
  );

/**
 * Withdraws a published batch (administrators only): its latest revision is stamped with when, the day
 * consumers read, who and why. Every code of it then reads "withdrawn by the producer on <day>"; the reason
 * stays the merchant's. The day is in the park's calendar, not after today and not before the revision.
 */
export async function withdrawBatch(db: Db, auth: AuthContext, body: WithdrawBatchBody, defaultZone: string) {
  if (!auth.isAdmin)
    throw new ApiError(Code.PERMISSION_DENIED, {
      zh: '只有管理员可以撤回已发布的批次',
      en: 'Only an administrator may withdraw a published batch',
    });
  const batch = await findBatch(db, scopeOf(auth), body.id);
  if (!batch) throw notFound(`id ${body.id}: batch`);
  const scope = batchScope(batch);
  const latest = (await latestSnapshots(db, scope, [batch.id])).get(batch.id);
  if (!latest || latest.withdrawn_at !== null)
    throw new ApiError(
      Code.CONFLICT,
      { zh: 'id: 该批次未发布，无需撤回', en: 'id: the batch is not published' },
      { field: 'id', rule: 'invalid' },
    );
  const now = Date.now();
  const zone = await zoneOfPark(db, batch.group_id, defaultZone);
  const today = dayIn(zone, now);
  const published = dayIn(zone, Number(latest.published_at));
  if (body.withdrawnOn > today) throw dayRule('max', today, '撤回日期不能晚于今天', 'must not be after today,');
  if (body.withdrawnOn < published)
    throw dayRule('min', published, '撤回日期不能早于发布日期', 'must not be before the publish day,');
  await withdrawSnapshot(db, scope, latest.id, { at: now, on: body.withdrawnOn, by: auth.userId, reason: body.reason });
  return { codes: (await codeCountsOf(db, scope, [batch.id])).get(batch.id) ?? 0, withdrawnOn: body.withdrawnOn };
}
