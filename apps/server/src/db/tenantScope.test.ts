import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { merchantWide, scoped } from './scope';
import { PARK_COLUMN, TenantScopeViolation } from './tenantScope';

describeEachEngine('tenant scope', (env) => {
  const farm = () => ({ merchantId: env().ids.merchant.farm, groupIds: env().ids.parks.farm });
  const firstPark = () => env().ids.parks.farm[0] as number;

  it('limits a select to the merchant and its parks, whatever the query asks', async () => {
    const all = await env().db.selectFrom('devices').select(['id', 'merchant_id', 'group_id']).execute();
    const seen = await scoped(env().db, farm()).selectFrom('devices').select(['merchant_id', 'group_id']).execute();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(all.length);
    for (const d of seen) {
      expect(d.merchant_id).toBe(farm().merchantId);
      expect(farm().groupIds).toContain(d.group_id);
    }
    const other = all.find((d) => d.merchant_id !== farm().merchantId);
    const byId = await scoped(env().db, farm())
      .selectFrom('devices')
      .select('id')
      .where('id', '=', other?.id as number)
      .execute();
    expect(byId).toEqual([]);
  });

  it('narrows to one park or several, and to nothing for a park out of reach', async () => {
    const one = await scoped(env().db, farm(), firstPark()).selectFrom('devices as d').select('d.group_id').execute();
    expect(one.length).toBeGreaterThan(0);
    expect(new Set(one.map((d) => d.group_id))).toEqual(new Set([firstPark()]));
    const none = await scoped(env().db, farm(), env().ids.parks.orchard).selectFrom('devices').select('id').execute();
    expect(none).toEqual([]);
    const noParks = await scoped(env().db, { merchantId: farm().merchantId, groupIds: [] })
      .selectFrom('devices')
      .select('id')
      .execute();
    expect(noParks).toEqual([]);
    const several = await scoped(env().db, farm(), [firstPark(), env().ids.parks.orchard])
      .selectFrom('devices')
      .select('group_id')
      .execute();
    expect(new Set(several.map((d) => d.group_id))).toEqual(new Set([firstPark()]));
  });

  it('limits joined tables in their ON, so a left join keeps rows without a match', async () => {
    const q = scoped(env().db, farm())
      .selectFrom('devices as d')
      .leftJoin('groups as g', 'g.id', 'd.group_id')
      .select(['d.id', 'g.name']);
    const compiled = q.compile().sql.replace(/"/g, '');
    expect(compiled).toMatch(/left join groups as g on g\.id = d\.group_id and g\.merchant_id = /);
    const rows = await q.execute();
    expect(rows.every((r) => r.name !== null)).toBe(true);
  });

  it('limits subqueries, updates and deletes', async () => {
    const db = scoped(env().db, farm());
    const withCount = db.selectFrom('groups as g').select((eb) => [
      'g.id',
      eb
        .selectFrom('devices as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.group_id', '=', 'g.id')
        .as('n'),
    ]);
    expect(withCount.compile().sql.replace(/"/g, '')).toMatch(
      /from devices as d where d\.group_id = g\.id and d\.merchant_id/,
    );
    const orchardDevice = await env()
      .db.selectFrom('devices')
      .select(['id', 'name'])
      .where('merchant_id', '=', env().ids.merchant.orchard)
      .executeTakeFirstOrThrow();
    const updated = await db
      .updateTable('devices')
      .set({ name: 'taken' })
      .where('id', '=', orchardDevice.id)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(0);
    const deleted = await db.deleteFrom('devices').where('id', '=', orchardDevice.id).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
    const still = await env()
      .db.selectFrom('devices')
      .select('name')
      .where('id', '=', orchardDevice.id)
      .executeTakeFirst();
    expect(still?.name).toBe(orchardDevice.name);
  });

  it('refuses to insert a row of another merchant or a park out of reach', async () => {
    const db = scoped(env().db, farm());
    const row = (merchantId: number, groupId: number) => ({
      merchant_id: merchantId,
      group_id: groupId,
      name: 'scope test',
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    await expect(
      db.insertInto('production_suppliers').values(row(env().ids.merchant.orchard, firstPark())).execute(),
    ).rejects.toBeInstanceOf(TenantScopeViolation);
    await expect(
      db.insertInto('production_suppliers').values(row(farm().merchantId, env().ids.parks.orchard)).execute(),
    ).rejects.toBeInstanceOf(TenantScopeViolation);
  });

  it('reaches every park of the merchant when merchant-wide, never another merchant', async () => {
    const rows = await merchantWide(env().db, farm().merchantId).selectFrom('devices').select('merchant_id').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.merchant_id))).toEqual(new Set([farm().merchantId]));
  });

  it('knows every table with a merchant column, and its park column exists', async () => {
    const tables =
      env().engine === 'sqlite'
        ? await sql<{
            t: string;
            c: string;
          }>`select m.name as t, p.name as c from sqlite_master m, pragma_table_info(m.name) p where m.type = 'table'`.execute(
            env().db,
          )
        : await sql<{
            t: string;
            c: string;
          }>`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()`.execute(
            env().db,
          );
    const columns = new Map<string, Set<string>>();
    for (const r of tables.rows) columns.set(r.t, (columns.get(r.t) ?? new Set()).add(r.c));
    const withMerchant = [...columns].filter(([, c]) => c.has('merchant_id')).map(([t]) => t);
    expect(withMerchant.sort()).toEqual(Object.keys(PARK_COLUMN).sort());
    for (const [table, park] of Object.entries(PARK_COLUMN)) {
      if (park) expect(columns.get(table)?.has(park), `${table}.${park}`).toBe(true);
      // Park data left merchant-wide would be readable from every park of the merchant.
      else expect(columns.get(table)?.has('group_id'), `${table} has a group_id`).toBe(false);
    }
  });
});
