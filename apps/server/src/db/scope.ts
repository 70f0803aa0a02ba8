/**
 * The tenant boundary every repository query on tenant data applies in SQL itself:
 * `merchant_id = ? and group_id in (...)`.
 */
export interface Scope {
  merchantId: number;
  groupIds: readonly number[];
}

/** `in ()` is not valid SQL; ids are positive, so -1 stands for "no park" and matches nothing. */
export function inList(ids: readonly number[]): number[] {
  return ids.length > 0 ? [...ids] : [-1];
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
