import pg from 'pg';

/** Runs one statement as the cluster's admin, on a connection of its own (CREATE DATABASE cannot share one). */
export async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * A new database on the PostgreSQL cluster of `adminUrl` (a copy of `template` when one is named), for a
 * test run or a benchmark: its URL, and how to drop it (even while something is still connected).
 */
export async function freshPgDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  await adminStatement(adminUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminStatement(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}
