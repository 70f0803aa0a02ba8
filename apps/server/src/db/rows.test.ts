import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { deleteByIds, insertRow, pageOfQuery, pagesById, rowById, rowsByIds, updateById } from './rows';
import { scoped } from './scope';

describeEachEngine('scoped rows', (env) => {
  const farm = () => ({ merchantId: env().ids.merchant.farm, groupIds: env().ids.parks.farm });
  const orchardDevice = () => env().ids.devices.orchard;
  const farmDevice = () => env().ids.devices.farm;

  it('reads a row by id or ids only in scope', async () => {
    expect((await rowById(env().db, farm(), 'devices', farmDevice()))?.id).toBe(farmDevice());
    expect(await rowById(env().db, farm(), 'devices', orchardDevice())).toBeUndefined();
    const rows = await rowsByIds(env().db, farm(), 'devices', [farmDevice(), orchardDevice()]);
    expect(rows.map((r) => r.id)).toEqual([farmDevice()]);
    expect(await rowsByIds(env().db, farm(), 'devices', [])).toEqual([]);
  });

  it('updates and deletes only in scope, and says whether it did', async () => {
    expect(await updateById(env().db, farm(), 'devices', orchardDevice(), { remark: 'x' })).toBe(false);
    expect(await deleteByIds(env().db, farm(), 'devices', [orchardDevice()])).toBe(0);
    expect(await updateById(env().db, farm(), 'devices', farmDevice(), { remark: 'in scope' })).toBe(true);
    expect((await rowById(env().db, farm(), 'devices', farmDevice()))?.remark).toBe('in scope');
    const now = Date.now();
    const park = farm().groupIds[0] as number;
    const id = await insertRow(env().db, farm(), 'production_suppliers', {
      merchant_id: farm().merchantId,
      group_id: park,
      name: 'rows test',
      created_at: now,
      updated_at: now,
    });
    expect(await deleteByIds(env().db, farm(), 'production_suppliers', [id, 999_999])).toBe(1);
  });

  it('pages a query and counts it from the same filters', async () => {
    const q = scoped(env().db, farm()).selectFrom('devices').select(['id', 'name']).orderBy('id');
    const all = await q.execute();
    const page = await pageOfQuery(q, { pageNum: 2, pageSize: 3 });
    expect(page.total).toBe(all.length);
    expect(page.rows).toEqual(all.slice(3, 6));
  });

  it('reads every row of a query by pages below the last id, highest first', async () => {
    const q = scoped(env().db, farm()).selectFrom('devices').select(['id', 'name']);
    const pages: number[][] = [];
    for await (const rows of pagesById(q, 4)) pages.push(rows.map((r) => r.id));
    const all = (await q.orderBy('id', 'desc').execute()).map((r) => r.id);
    expect(pages.flat()).toEqual(all);
    expect(pages.every((p, i) => p.length === 4 || i === pages.length - 1)).toBe(true);
  });
});
