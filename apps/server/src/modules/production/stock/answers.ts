import { Code } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { rowById, rowsByIds } from '../../../db/rows';
import { ApiError, notFound } from '../../../http/apiError';
import { type ScopeSource, scopeOf } from '../../../http/scope';
import { idsInPark, type ParkTable } from './choicesRepo';

/**
 * What the stock services answer: the records a request names (or the same "not found", 1005, as for a
 * record that does not exist), and refusals each with the detail the console phrases under its field.
 */
type StockTable =
  | 'production_materials'
  | 'production_suppliers'
  | 'production_machinery'
  | 'production_maintenance'
  | 'production_farm_work'
  | 'production_farm_work_photos'
  | 'production_videos';

/** A record of the caller's parks. */
export async function visibleRow<T extends StockTable>(db: Db, who: ScopeSource, table: T, id: number, what: string) {
  const row = await rowById(db, scopeOf(who), table, id);
  if (!row) throw notFound(what);
  return row;
}

/** The record an edit names; it stays in its park (its ledger, links and history are that park's). */
export async function rowToAlter<T extends StockTable>(
  db: Db,
  who: ScopeSource,
  table: T,
  b: { id: number; groupId: number },
  what: string,
) {
  const row = await visibleRow(db, who, table, b.id, `id ${b.id}: ${what}`);
  if ((row as { group_id: number }).group_id !== b.groupId) throw notFound(`groupId ${b.groupId}: park`);
  return row;
}

/** The records a removal names, every one of the caller's parks. */
export async function rowsToRemove<T extends StockTable>(
  db: Db,
  who: ScopeSource,
  table: T,
  ids: number[],
  what: string,
) {
  const rows = await rowsByIds(db, scopeOf(who), table, ids);
  requireAll(
    ids,
    rows.map((r) => (r as { id: number }).id),
    (id) => `id ${id}: ${what}`,
  );
  return rows;
}

/** Refuses the first of the ids asked for that is not among those found (`what` names it and its field). */
export function requireAll(
  asked: readonly number[],
  found: readonly number[],
  what: (id: number, index: number) => string,
) {
  const i = asked.findIndex((id) => !found.includes(id));
  if (i >= 0) throw notFound(what(asked[i], i));
}

/** Refuses the first id that is not a row of `table` in the park (a plot, machine, material... of another). */
export async function requireInPark(
  db: Db,
  who: ScopeSource,
  groupId: number,
  table: ParkTable,
  ids: readonly number[],
  what: (id: number, index: number) => string,
) {
  requireAll(ids, await idsInPark(db, scopeOf(who), groupId, table, ids), what);
}

export const duplicateName = (value: string) =>
  new ApiError(
    Code.CONFLICT,
    { zh: `name: 名称“${value}”已存在`, en: `name: "${value}" already exists` },
    { field: 'name', rule: 'duplicate', params: { value } },
  );

/**
 * Refuses removing records that others still name ("…仍被 3 条入库记录使用，不能删除"): `uses` counts the
 * naming records of each, `by` says what they are.
 */
export function refuseUsed(
  rows: { id: number; name: string }[],
  uses: { id: number; n: number | string }[],
  by: { zh: string; en: string },
) {
  const used = uses.find((u) => Number(u.n) > 0);
  if (!used) return;
  const [name, count] = [rows.find((r) => r.id === used.id)?.name ?? '', Number(used.n)];
  throw new ApiError(
    Code.CONFLICT,
    {
      zh: `id: “${name}”仍被 ${count} 条${by.zh}使用，不能删除`,
      en: `id: "${name}" is still used by ${count} ${by.en}; it cannot be removed`,
    },
    { field: 'id', rule: 'inUse', params: { count, value: name } },
  );
}

/** A change that the record's state does not allow (e.g. editing farm work already done). */
export const wrongState = (field: string, zh: string, en: string) =>
  new ApiError(Code.CONFLICT, { zh: `${field}: ${zh}`, en: `${field}: ${en}` }, { field, rule: 'invalid' });
