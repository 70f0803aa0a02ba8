import type { Paged } from '@farmpark/contracts';
import type { Db } from '../db/connect';
import type { Scope } from '../db/scope';
import type { AuthContext } from '../modules/auth/sessions';
import { requirePark, scopeOf } from './scope';

type PageQuery = { pageNum: number; pageSize: number };
type RowsPage<R> = { rows: R[]; total: number };
type ReadPage<Q, R> = (db: Db, scope: Scope, q: Q) => Promise<RowsPage<R>>;
type Items<Q, R, T> = (rows: R[], db: Db, auth: AuthContext, q: Q) => T[] | Promise<T[]>;

/** A repository page as the contract's `Paged`: its rows as items, the page the query asked for echoed. */
export const paged = <R, T>(q: PageQuery, page: RowsPage<R>, to: (r: R) => T): Paged<T> => ({
  list: page.rows.map(to),
  total: page.total,
  pageNum: q.pageNum,
  pageSize: q.pageSize,
});

/**
 * The list service of a page of records, the shape most `list<Entity>` share: the repository's page in the
 * caller's scope, its rows turned into the contract's items (`items` may read more, e.g. linked names).
 */
export function listOf<Q extends PageQuery, R, T>(read: ReadPage<Q, R>, items: Items<Q, R, T>) {
  return async (db: Db, auth: AuthContext, q: Q): Promise<Paged<T>> => {
    const page = await read(db, scopeOf(auth), q);
    return paged(q, { rows: await items(page.rows, db, auth, q), total: page.total }, (x) => x);
  };
}

/** The same for a list of one park: a park the caller may not see is "not found" (1005) before any read. */
export function parkListOf<Q extends PageQuery & { groupId: number }, R, T>(
  read: ReadPage<Q, R>,
  items: Items<Q, R, T>,
) {
  const list = listOf(read, items);
  return async (db: Db, auth: AuthContext, q: Q): Promise<Paged<T>> => {
    requirePark(auth, q.groupId);
    return list(db, auth, q);
  };
}
