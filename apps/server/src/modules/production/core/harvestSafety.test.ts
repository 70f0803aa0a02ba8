import { addDays, Code } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { insertRow, rowById } from '../../../db/rows';
import { describeEachEngine } from '../../../test/harness';
import { P } from './permits';
import { productionRows, workDone } from './testFixture';

/**
 * The safety interval reads P2's farm work and materials; the rows are inserted directly so this test
 * does not depend on P2's routes.
 */
describeEachEngine('production harvests: the pesticide safety interval', (env) => {
  let demo: string;
  let operator: string;
  let park: number;
  let planting: number;
  let person: number;
  const sprayedOn = '2026-06-10';

  beforeAll(async () => {
    const { db, ids } = env();
    // the operator's one park, so an administrator and a non-administrator can both reach it
    park = env().ids.parks.farm[1];
    const rows = await productionRows(db, ids.merchant.farm, park);
    const scope = { merchantId: ids.merchant.farm, groupIds: [park] };
    planting = rows.plantingId;
    person = rows.personId;
    const t = { merchant_id: ids.merchant.farm, group_id: park };
    const at = Date.now();
    const spray = { kind: 'pesticide', name: '吡虫啉', unit: 'kg', safety_days: 7, created_at: at, updated_at: at };
    const material = await insertRow(db, scope, 'production_materials', { ...t, ...spray });
    const onPlanting = { area_point_id: rows.plotId, planting_id: planting, done_on: sprayedOn };
    const work = await workDone(db, t, { type: 'spraying', ...onPlanting });
    await db
      .insertInto('production_farm_work_materials')
      .values({ ...t, farm_work_id: work, material_id: material, quantity: 1, safety_days: 7 })
      .execute();
    // the operator (not an administrator) may record harvests
    const role = (await rowById(db, scope, 'users', ids.users.operator))?.role_id as number;
    await db
      .insertInto('role_permissions')
      .values({ role_id: role, permit_url: '/productionManagement/pickToStorage' })
      .execute();
    [demo, operator] = await Promise.all([env().login('demo'), env().login('operator')]);
  });

  const harvest = (token: string, harvestedOn: string, overrideReason = '') =>
    env().post<{ id: number } | { field: string; rule: string; params: Record<string, string> }[]>(
      `${P}/harvest/addHarvest`,
      token,
      {
        groupId: park,
        plantingId: planting,
        harvestedOn,
        quantity: 12.5,
        unit: 'kg',
        personnelIds: [person],
        overrideReason,
      },
    );

  it('refuses a harvest inside the interval, naming the pesticide, the spraying day and the first allowed day', async () => {
    const res = await harvest(demo, addDays(sprayedOn, 3));
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.data).toEqual([
      {
        field: 'harvestedOn',
        rule: 'safetyInterval',
        params: { pesticide: '吡虫啉', sprayedOn, firstDay: '2026-06-17' },
      },
    ]);
    expect(res.msg).toContain('吡虫啉');
    expect(res.msg).toContain('2026-06-17');
  });

  it('allows the first day after the interval, and a day before the spraying', async () => {
    expect((await harvest(demo, '2026-06-17')).code).toBe(0);
    expect((await harvest(demo, '2026-06-09')).code).toBe(0);
  });

  it('lets an administrator override with a reason, kept and shown on the record; not anyone else', async () => {
    const denied = await harvest(operator, '2026-06-12', '客户加急订单，已检测合格');
    expect(denied.code).toBe(Code.PERMISSION_DENIED);
    const res = await harvest(demo, '2026-06-12', '客户加急订单，已检测合格');
    expect(res.code, res.msg).toBe(0);
    const list = await env().get<{
      list: { id: number; overrideReason: string | null; overrideByName: string | null; personnelNames: string[] }[];
    }>(`${P}/harvest/getHarvestList`, demo, { groupId: String(park), startDate: '2026-06-12', endDate: '2026-06-12' });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      overrideReason: '客户加急订单，已检测合格',
      overrideByName: expect.any(String),
      personnelNames: ['测试采收员'],
    });
    const csv = await env().app.inject({
      method: 'GET',
      url: `${P}/harvest/exportHarvest`,
      query: { groupId: String(park), format: 'csv', startDate: '2026-06-12' },
      headers: { AuthToken: demo },
    });
    expect(csv.body).toContain('客户加急订单，已检测合格');
  });

  it('keeps no reason where nothing was overridden', async () => {
    const res = await harvest(demo, '2026-07-01', '不需要的说明');
    expect(res.code).toBe(0);
    const row = await env()
      .db.selectFrom('production_harvests')
      .select(['override_reason', 'override_by'])
      .where('id', '=', (res.data as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ override_reason: null, override_by: null });
  });

  it('finds harvests by the crop and the plot of their planting', async () => {
    const search = async (keyword: string) =>
      (
        await env().get<{ total: number; list: { cropName: string; areaPointName: string }[] }>(
          `${P}/harvest/getHarvestList`,
          demo,
          { groupId: String(park), keyword },
        )
      ).data;
    const byCrop = await search('测试番茄');
    expect(byCrop.total).toBeGreaterThan(0);
    expect(new Set(byCrop.list.map((h) => h.cropName))).toEqual(new Set(['测试番茄']));
    expect((await search(byCrop.list[0].areaPointName)).total).toBeGreaterThanOrEqual(byCrop.total);
    expect((await search('没有这种作物')).total).toBe(0);
  });
});
