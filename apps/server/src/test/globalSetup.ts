import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { connectDatabase, type Db } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../demo/seed';
import { adminStatement, freshPgDatabase } from './pgDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, demo-seeded SQLite file that each test environment copies ('' if none). */
    sqliteTemplate: string;
    /** A migrated, demo-seeded PostgreSQL database each test environment is created from ('' if none). */
    postgresTemplate: string;
  }
}

/**
 * Migrating and seeding the demo took most of a test environment's start (about 1 s on SQLite and 2 s on
 * PostgreSQL here, for each of some 170 files and both engines): it is done once per run, and each file's
 * environment starts from a copy (a file copy; PostgreSQL's CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-template-'));
  const sqliteConfig = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `farmpark_template_${process.pid}_${Date.now()}`;
  mkdirSync(join(dir, 'pg'));
  // Both at once: PostgreSQL's share of the work runs in its own server process, and no test starts before both.
  await Promise.all([
    prepare(connectDatabase(sqliteConfig.database), async (db) => {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    }),
    adminUrl
      ? freshPgDatabase(adminUrl, name).then(({ url }) =>
          prepare(connectDatabase(loadConfig({ DATA_DIR: join(dir, 'pg'), DATABASE_URL: url }).database)),
        )
      : undefined,
  ]);
  project.provide('sqliteTemplate', sqliteConfig.database.engine === 'sqlite' ? sqliteConfig.database.file : '');
  project.provide('postgresTemplate', adminUrl ? name : '');

  return async () => {
    if (adminUrl) await adminStatement(adminUrl, `drop database if exists "${name}" with (force)`);
    rmSync(dir, { recursive: true, force: true });
  };
}

async function prepare(db: Db, before?: (db: Db) => Promise<void>): Promise<void> {
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    await before?.(db);
  } finally {
    await db.destroy();
  }
}
