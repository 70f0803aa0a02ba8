import { type Expression, type SqlBool, sql } from 'kysely';

/** `%text%` with LIKE's own wildcards escaped, lower-cased for a case-insensitive match on both engines. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True when any of the columns contains `text`, ignoring case (SQLite and PostgreSQL alike). */
export function anyContains(columns: string[], text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  const parts = columns.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * The equality filters of a list, `{ column: value }`: each value given narrows the rows, each left out
 * (undefined) does not. A boolean compares as the 0/1 both engines store.
 */
export function matching(values: Record<string, string | number | boolean | undefined>): Expression<SqlBool> {
  const parts = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([c, v]) => sql<SqlBool>`${sql.ref(c)} = ${typeof v === 'boolean' ? Number(v) : v}`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
}
