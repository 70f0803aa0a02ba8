import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { Database } from './schema';

export type Engine = DatabaseTarget['engine'];
export type Db = Kysely<Database>;

// int8 (bigint: epoch-ms timestamps, count(*)) would otherwise arrive as strings; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * SQLite transactions start with `begin immediate`. A plain `begin` reads first and upgrades to a write lock
 * later; when the telemetry writer (its own connection, on a worker thread) has committed in between, that
 * upgrade fails at once with SQLITE_BUSY instead of waiting for busy_timeout. Taking the write lock up front
 * makes every transaction wait its turn.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;
  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

export function connectDatabase(target: DatabaseTarget): Db {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (a restart, an administrator ending it) is an 'error' event;
    // unheard it would crash the process. The pool discards that client and opens a new one when needed.
    pool.on('error', (err) => process.stderr.write(`postgres: idle connection lost: ${err.message}\n`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect(sqlite) });
}
