import type SQLite from 'better-sqlite3';

/** The most rows one statement takes; 128 rows of 9 columns stay far below SQLite's parameter limit. */
const MAX_ROWS = 128;

/**
 * A statement that writes many rows at once: `{head} values (...), (...), ... {tail}`, prepared once per
 * power-of-two row count (at most eight statements), with all of a chunk's values bound in one native
 * call. Per-statement costs (the call into better-sqlite3, binding, VDBE start and reset) were a third
 * of the writer thread's time with one statement per row.
 */
export function multiRow(db: SQLite.Database, head: string, columns: number, tail = '') {
  const tuple = `(${'?,'.repeat(columns - 1)}?)`;
  const statements = new Map<number, SQLite.Statement>();
  const params: unknown[] = [];
  const statement = (rows: number) => {
    let st = statements.get(rows);
    if (!st) {
      st = db.prepare(`${head} values ${Array(rows).fill(tuple).join(',')} ${tail}`);
      statements.set(rows, st);
    }
    return st;
  };

  return {
    /**
     * Writes `count` rows; `push(i, params)` appends the values of row i. Returns the number of rows
     * SQLite reports as changed.
     */
    run(count: number, push: (i: number, params: unknown[]) => void): number {
      let changes = 0;
      let i = 0;
      while (i < count) {
        let rows = MAX_ROWS;
        while (rows > count - i) rows >>= 1;
        params.length = 0;
        for (const end = i + rows; i < end; i++) push(i, params);
        changes += statement(rows).run(params).changes;
      }
      return changes;
    },
  };
}

export type MultiRow = ReturnType<typeof multiRow>;
