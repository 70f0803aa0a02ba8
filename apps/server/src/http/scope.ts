import type { Scope } from '../db/scope';
import { notFound } from './apiError';

/** A signed-in caller (an AuthContext, or an actor made from one): whose data and which parks it may see. */
export interface ScopeSource {
  merchantId: number;
  groupIds: readonly number[];
}

/** The tenant boundary repositories filter by, taken from the caller. */
export function scopeOf(who: ScopeSource): Scope {
  return { merchantId: who.merchantId, groupIds: who.groupIds };
}

/**
 * Refuses a park the caller may not see with the same answer as a park that does not exist (1005),
 * so ids of other merchants' parks cannot be probed.
 */
export function requirePark(who: ScopeSource, groupId: number): void {
  if (!who.groupIds.includes(groupId)) throw notFound(`groupId ${groupId}: park`);
}

/** The same for an optional filter: no park given means all the caller's parks. */
export function requireParkIfGiven(who: ScopeSource, groupId: number | undefined): void {
  if (groupId !== undefined) requirePark(who, groupId);
}
