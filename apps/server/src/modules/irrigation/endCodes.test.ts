import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index';
import { freshPgDatabase } from '../../test/pgDatabase';
import { OFFLINE_REASON } from '../commands/service';
import { commandFailure } from './runRecord';

describe('commandFailure', () => {
  it('keeps only the machine’s own words; the server’s findings become codes', () => {
    expect(commandFailure('start', { state: 'failed', reason: '阀门故障', ack_ok: 0 })).toEqual({
      code: 'startRefused',
      words: '阀门故障',
    });
    expect(commandFailure('stop', { state: 'timedOut', reason: 'no answer from the device within 30 s' })).toEqual({
      code: 'stopTimedOut',
    });
    expect(commandFailure('start', { state: 'failed', reason: OFFLINE_REASON, ack_ok: null })).toEqual({
      code: 'startOffline',
    });
    expect(commandFailure('stop', { state: 'failed', reason: 'not delivered to the broker: x' })).toEqual({
      code: 'stopNotDelivered',
    });
  });
});

// biome-ignore lint/suspicious/noExplicitAny: the schema before 0009 is not the app's type
type AnyDb = Kysely<any>;

/** A fresh database without foreign-key checks (the rows below stand alone), and how to drop it. */
async function freshDb(engine: 'sqlite' | 'postgres'): Promise<{ db: AnyDb; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const db: AnyDb = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    return { db, drop: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `farmpark_mig9_${process.pid}_${Date.now()}`;
  const fresh = await freshPgDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
  // one connection, so the session setting that skips foreign-key triggers holds for every statement
  pool.on('connect', (c) => void c.query('set session_replication_role = replica'));
  const db: AnyDb = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await fresh.drop();
    },
  };
}

const engines = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])] as const;

describe.each(engines)('migration 0009 [%s]', (engine) => {
  it('turns the English sentences of earlier runs and decisions into codes, keeping a machine’s words', async () => {
    const { db, drop } = await freshDb(engine);
    const names = Object.keys(migrations);
    const upTo = (last: string) =>
      new Migrator({
        db,
        provider: {
          getMigrations: async () =>
            Object.fromEntries(names.slice(0, names.indexOf(last) + 1).map((n) => [n, migrations[n]])),
        },
      }).migrateToLatest();
    expect((await upTo('2026_11_22_0008_points')).error).toBeUndefined();
    if (engine === 'sqlite') await sql`pragma foreign_keys = off`.execute(db);
    const run = (id: number, state: string, reason: string, extra = {}) =>
      db
        .insertInto('irrigation_runs')
        .values({
          id,
          merchant_id: 1,
          group_id: 1,
          device_id: 1,
          device_class: 'irrigationController',
          device_name: 'IC',
          device_serial: 'IC-1',
          zones: '[1]',
          duration_min: 20,
          trigger: 'manual',
          operator: 'demo',
          state,
          start_cmd_id: 'c',
          created_at: 0,
          started_at: 0,
          ended_at: 330_000,
          reason,
          ...extra,
        })
        .execute();
    await run(1, 'failed', 'the machine went offline during the run');
    await run(2, 'failed', 'no telemetry from the machine for 95 s');
    await run(3, 'stopped', 'stopped (operator)', { stop_cmd_id: 's' });
    await run(4, 'stopped', 'ended early at the machine after 5.5 of 20 min');
    await run(5, 'failed', 'start not confirmed: 阀门故障');
    await run(6, 'failed', 'start refused: device offline');
    await run(7, 'failed', 'stop not confirmed by the machine: no answer from the device within 30 s');
    await run(8, 'done', '');
    await db
      .insertInto('irrigation_decisions')
      .values([
        {
          merchant_id: 1,
          group_id: 1,
          rule_id: 1,
          at: 1,
          action: 'started',
          reason: 'belowStart',
          detail: 'moisture below 26 %',
        },
        {
          merchant_id: 1,
          group_id: 1,
          rule_id: 1,
          at: 2,
          action: 'failed',
          reason: 'commandFailed',
          detail: '阀门故障',
        },
      ])
      .execute();

    expect((await upTo('2026_11_22_0009_irrigation_codes')).error).toBeUndefined();
    const runs = await db
      .selectFrom('irrigation_runs')
      .select(['id', 'end_code', 'end_value', 'reason'])
      .orderBy('id')
      .execute();
    expect(runs).toEqual([
      { id: 1, end_code: 'wentOffline', end_value: null, reason: '' },
      { id: 2, end_code: 'silent', end_value: null, reason: '' },
      { id: 3, end_code: 'stopRequested', end_value: null, reason: '' },
      { id: 4, end_code: 'endedEarlyTime', end_value: 5.5, reason: '' },
      { id: 5, end_code: 'startRefused', end_value: null, reason: '阀门故障' },
      { id: 6, end_code: 'startOffline', end_value: null, reason: '' },
      { id: 7, end_code: 'stopTimedOut', end_value: null, reason: '' },
      { id: 8, end_code: '', end_value: null, reason: '' },
    ]);
    const decisions = await db.selectFrom('irrigation_decisions').select(['detail', 'facts']).orderBy('at').execute();
    expect(decisions).toEqual([
      { detail: '', facts: '{}' },
      { detail: '阀门故障', facts: '{}' },
    ]);
    await drop();
  });
});
