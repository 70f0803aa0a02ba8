import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Db } from './connect';
import { pageOf } from './paging';
import type { Database } from './schema';
import { type Scope, scoped } from './scope';
import type { TenantTable } from './tenantScope';

/**
 * The shapes every tenant repository repeats (a row by id, rows by ids, update by id, delete by ids, a
 * page and its count), written once. Each goes through `scoped()`, so none can miss the tenant limits.
 * Kysely cannot type a query over a table chosen by a type parameter, hence the untyped handle inside;
 * the signatures carry the table's own row types.
 */
type WithId = { [T in TenantTable]: 'id' extends keyof Database[T] ? T : never }[TenantTable];

// biome-ignore lint/suspicious/noExplicitAny: see above; every entry point is typed by its table.
const loose = (db: Db, scope: Scope, groupId?: number) => scoped(db, scope, groupId) as unknown as Kysely<any>;

export function rowById<T extends WithId>(
  db: Db,
  scope: Scope,
  table: T,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  return loose(db, scope)
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

export function rowsByIds<T extends WithId>(
  db: Db,
  scope: Scope,
  table: T,
  ids: readonly number[],
): Promise<Selectable<Database[T]>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return loose(db, scope)
    .selectFrom(table as string)
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .execute() as Promise<Selectable<Database[T]>[]>;
}

/** Whether the row was there (in scope) to update. */
export async function updateById<T extends WithId>(
  db: Db,
  scope: Scope,
  table: T,
  id: number,
  set: Updateable<Database[T]>,
): Promise<boolean> {
  const r = await loose(db, scope)
    .updateTable(table as string)
    .set(set as Record<string, unknown>)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** How many of the rows were there (in scope) to delete. */
export async function deleteByIds<T extends WithId>(
  db: Db,
  scope: Scope,
  table: T,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await loose(db, scope)
    .deleteFrom(table as string)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Inserts one row (checked against the scope by the tenant plugin) and answers its id. */
export async function insertRow<T extends WithId>(
  db: Db,
  scope: Scope,
  table: T,
  row: Insertable<Database[T]>,
): Promise<number> {
  const r = await loose(db, scope)
    .insertInto(table as string)
    .values(row as Record<string, unknown>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/**
 * How many rows of `tables` name the record `id` in `column` (harvests and farm work naming a planting or a
 * person): a record that history refers to is kept. `handle` is `scoped()` or `merchantWide()`, which
 * limit every table to the tenant.
 */
export async function referencesTo(
  handle: Db,
  tables: readonly TenantTable[],
  column: string,
  id: number,
): Promise<number> {
  // biome-ignore lint/suspicious/noExplicitAny: the tables are chosen at run time; each has `column`.
  const h = handle as unknown as Kysely<any>;
  const counts = await Promise.all(
    tables.map((table) =>
      h
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', id)
        .executeTakeFirstOrThrow(),
    ),
  );
  return counts.reduce((sum, c) => sum + Number(c.n), 0);
}

/**
 * One page of an ordered select and the count of all its rows, the count taken from the same query (its
 * selection and order cleared), so the filters are written once: the shape of every `get<Entity>List`.
 */
export function pageOfQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: O[]; total: number }> {
  const count = query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll().as('n'));
  // over a generic DB Kysely cannot see the `n` it selects
  const n = () => count.executeTakeFirstOrThrow() as Promise<{ n: number | string | bigint }>;
  return pageOf(query, { executeTakeFirstOrThrow: n }, page);
}

/**
 * Every row of a query, highest id first, a page at a time, each page below the last id seen (keyset
 * paging: stable while rows are added, no offset scans): what a streamed export reads.
 */
export async function* pagesById<DB, TB extends keyof DB, O extends { id: number }>(
  query: SelectQueryBuilder<DB, TB, O>,
  size: number,
): AsyncGenerator<O[]> {
  // biome-ignore lint/suspicious/noExplicitAny: `id` is a column of every table this pages; the rows keep their type.
  const q = query as unknown as SelectQueryBuilder<any, any, O>;
  let below: number | null = null;
  for (;;) {
    const rows = await (below === null ? q : q.where('id', '<', below)).orderBy('id', 'desc').limit(size).execute();
    if (rows.length === 0) return;
    yield rows;
    below = rows[rows.length - 1].id;
    if (rows.length < size) return;
  }
}
