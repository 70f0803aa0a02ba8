import { Code, dayIn, type ParkProduction, type ScreenAccount, type ScreenOverview } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type TestEnv } from '../../test/harness';
import { productionRows } from '../production/core/testFixture';
import { codeBatch } from '../trace/codes/testFixture';

const S = '/api/merchant/screen';

describeEachEngine('multi-park screen overview and park production', (env) => {
  let demo: string;
  let before: ScreenOverview;
  const overview = async (token: string) =>
    env().get<ScreenOverview>(`${S}/getScreenOverview`, token, { screenId: String(env().ids.screens.farm) });
  beforeAll(async () => {
    demo = await env().login('demo');
    const { db, ids, config } = env();
    // the demo has production records of its own: the test adds to them and checks the difference
    before = (await overview(demo)).data;
    const rows = await productionRows(db, ids.merchant.farm, ids.parks.farm[0]);
    // this year's harvests count, last year's do not
    const today = dayIn(config.tzName);
    await db.updateTable('production_harvests').set({ harvested_on: today }).where('id', '=', rows.harvestId).execute();
    const lastYear = `${Number(today.slice(0, 4)) - 1}-12-31`;
    await db
      .insertInto('production_harvests')
      .values([
        { ...harvest(ids.merchant.farm, ids.parks.farm[0], rows.plantingId), harvested_on: lastYear, quantity: 99 },
        { ...harvest(ids.merchant.farm, ids.parks.farm[0], rows.plantingId), harvested_on: today, quantity: 3 },
        { ...harvest(ids.merchant.farm, ids.parks.farm[0], rows.plantingId), harvested_on: today, unit: 'box' },
      ])
      .execute();
    await codeScans(env(), ids.parks.farm[0]);
  });

  it('compares the parks of a screen: devices, open alarms, crops and harvest to date, from the records', async () => {
    const { db, ids } = env();
    const res = await overview(demo);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.screenTitle).toBe('示范农场多园区大屏');
    expect(res.data.parks.map((p) => p.groupId)).toEqual(ids.parks.farm);
    for (const park of res.data.parks) {
      const devices = await db.selectFrom('devices').select(['online']).where('group_id', '=', park.groupId).execute();
      expect(park.devices).toEqual({ total: devices.length, online: devices.filter((d) => Number(d.online)).length });
      const open = await db
        .selectFrom('alarms')
        .select('id')
        .where('group_id', '=', park.groupId)
        .where('state', '!=', 'cleared')
        .execute();
      expect(park.alarms).toBe(open.length);
    }
    const first = res.data.parks[0].production as ParkProduction;
    const was = before.parks[0].production as ParkProduction;
    expect(first.crops.find((c) => c.crop === '测试番茄')).toEqual({ crop: '测试番茄', areaMu: 2, plantings: 1 });
    expect(first.crops.filter((c) => c.crop !== '测试番茄')).toEqual(was.crops);
    expect(first.areaMu).toBeCloseTo(was.areaMu + 2, 5);
    const qty = (p: ParkProduction, unit: string) => p.harvest.find((h) => h.unit === unit)?.quantity ?? 0;
    // the fixture's 10 kg moved to today, 3 kg and 5 boxes today; last year's 99 kg not counted
    expect(qty(first, 'kg')).toBeCloseTo(qty(was, 'kg') + 13, 5);
    expect(qty(first, 'box')).toBeCloseTo(qty(was, 'box') + 5, 5);
    const sizes = first.harvest.map((h) => h.quantity);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // two scans today and one two days ago of the park's product codes
    expect(first.scans).toEqual({
      today: (was.scans?.today ?? 0) + 2,
      total: (was.scans?.total ?? 0) + 3,
    });
    expect(res.data.parks[1].production).toEqual(before.parks[1].production);

    const one = await env().get<ParkProduction>(`${S}/getParkProduction`, demo, { groupId: String(ids.parks.farm[0]) });
    expect(one.data).toEqual(first);
  });

  it('shows a caller only their parks and the parts their role reads; other merchants see nothing', async () => {
    const { ids } = env();
    const operator = await env().login('operator');
    const res = await overview(operator);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.parks.map((p) => p.groupId)).toEqual([ids.parks.farm[1]]);
    const own = await env().get(`${S}/getParkProduction`, operator, { groupId: String(ids.parks.farm[0]) });
    expect(own.code).toBe(Code.NOT_FOUND);

    // a data-screen account reads every part of its screens (it can change nothing)
    const acc = await env().post<ScreenAccount>('/api/merchant/screenAccount/addScreenAccount', demo, {
      loginName: 'lobby',
      userName: '大厅',
      loginPwd: 'screen123',
      groupIds: [ids.parks.farm[0]],
    });
    expect(acc.code, acc.msg).toBe(0);
    const wall = await env().login('lobby', 'screen123');
    const seen = await env().get<ScreenOverview>(`${S}/getScreenOverview`, wall, {
      screenId: String(ids.screens.farm),
    });
    expect(seen.data.parks.map((p) => p.groupId)).toEqual([ids.parks.farm[0]]);
    expect(seen.data.parks[0].production).toEqual((await overview(demo)).data.parks[0].production);
    expect(seen.data.parks[0].alarms).not.toBeNull();

    const demo2 = await env().login('demo2');
    const foreign = await overview(demo2);
    expect(foreign.code).toBe(Code.NOT_FOUND);
    const foreignPark = await env().get(`${S}/getParkProduction`, demo2, { groupId: String(ids.parks.farm[0]) });
    expect(foreignPark.code).toBe(Code.NOT_FOUND);
  });
});

const harvest = (merchantId: number, groupId: number, plantingId: number) => ({
  merchant_id: merchantId,
  group_id: groupId,
  planting_id: plantingId,
  harvested_on: '',
  quantity: 5,
  unit: 'kg',
  created_at: Date.now(),
});

/** A code of a new trace batch of the park, scanned twice now and once two days ago (by three visits). */
async function codeScans(env: TestEnv, groupId: number) {
  const { db, ids } = env;
  const batch = await codeBatch(db, ids.merchant.farm, groupId);
  const now = Date.now();
  const job = await db
    .insertInto('trace_code_jobs')
    .values({
      merchant_id: ids.merchant.farm,
      group_id: groupId,
      batch_id: batch.id,
      requested: 1,
      status: 'done',
      user_id: ids.users.demo,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const code = await db
    .insertInto('trace_codes')
    .values({
      code: `SCR${now % 1e12}`,
      merchant_id: ids.merchant.farm,
      group_id: groupId,
      batch_id: batch.id,
      seq: 1,
      job_id: job.id,
      created_at: now,
      voided_at: null,
      first_scan_at: null,
      first_scan_place: null,
      last_scan_at: null,
      last_scan_place: null,
      suspected_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('trace_code_scans')
    .values(
      [now - 1000, now - 500, now - 2 * 86_400_000].map((at, i) => ({
        code_id: code.id,
        batch_id: batch.id,
        visit: `visit-${i}`,
        scanned_at: at,
      })),
    )
    .execute();
}
