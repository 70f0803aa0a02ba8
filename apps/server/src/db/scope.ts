import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { type Reach, TenantScopePlugin } from './tenantScope';

/**
 * The tenant boundary every repository query on tenant data applies in SQL itself:
 * `merchant_id = ? and group_id in (...)`.
 */
export interface Scope {
  merchantId: number;
  groupIds: readonly number[];
}

/**
 * The one door to tenant data: a database (or transaction) whose every query is limited to the caller's
 * merchant and parks (tenantScope.ts adds the filters to every tenant table a query names, subqueries and
 * joins included). With `groupId`, to that one park (or those parks), or to nothing when it is not one of
 * the caller's.
 */
export function scoped<D extends Kysely<Database>>(db: D, scope: Scope, groupId?: number | readonly number[]): D {
  const only = groupId === undefined ? null : new Set(typeof groupId === 'number' ? [groupId] : groupId);
  const parks = only ? scope.groupIds.filter((g) => only.has(g)) : scope.groupIds;
  return within(db, { merchantId: scope.merchantId, parks });
}

/** The merchant's data in every park, for what the whole merchant shares (a crop in use in any park stays). */
export function merchantWide<D extends Kysely<Database>>(db: D, merchantId: number): D {
  return within(db, { merchantId, parks: 'all' });
}

/** Whether a park is one of the scope's: for a yes or no (http/scope.ts `requirePark` refuses instead). */
export const reachesPark = (scope: Scope, groupId: number): boolean => scope.groupIds.includes(groupId);

/**
 * One park of a merchant as a scope, for code with no caller (jobs, the rule engine) that holds a row's
 * merchant and park and works on that park's data only.
 */
export const parkScope = (merchantId: number, groupId: number): Scope => ({ merchantId, groupIds: [groupId] });

function within<D extends Kysely<Database>>(db: D, reach: Reach): D {
  return db.withPlugin(new TenantScopePlugin(reach)) as D;
}

/** `in ()` is not valid SQL; ids are positive, so -1 stands for "no id" and matches nothing. */
export function inList(ids: readonly number[]): number[] {
  return ids.length > 0 ? [...ids] : [-1];
}

/** The same for names (device classes): no class is called "-". */
export function inNames(names: readonly string[]): string[] {
  return names.length > 0 ? [...names] : ['-'];
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
