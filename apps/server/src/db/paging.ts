/** What `pageOf` needs of a Kysely select: offset, limit, run. */
interface PageableQuery<R> {
  offset(n: number): { limit(n: number): { execute(): Promise<R[]> } };
}

/**
 * One page of an ordered query and the count of all its rows, run together: the shape of every
 * `get<Entity>List` (pageNum from 1).
 */
export async function pageOf<R>(
  rows: PageableQuery<R>,
  count: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> },
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: R[]; total: number }> {
  const [list, c] = await Promise.all([
    rows
      .offset((page.pageNum - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(c.n) };
}
