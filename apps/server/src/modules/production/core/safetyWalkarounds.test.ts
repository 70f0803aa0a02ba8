import { addDays, Code, dayIn } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { P } from './permits';
import { type DemoFarm, demoFarm, okPost, pesticideInStock, plant, productionRows, sprayWork } from './testFixture';

// Issue 24: the five ways the safety interval could be walked around without an override, and dates in the
// future, each through the API as a user would try it. Each case has its own month, so they do not meet.
describeEachEngine('production: the safety interval cannot be walked around', (env) => {
  let at: DemoFarm;
  const post = okPost(env, () => at.demo);
  let planting: number; // A: the harvested planting
  let other: number; // B: another planting on the same plot
  let person: number;
  let pesticide: number;

  beforeAll(async () => {
    at = await demoFarm(env(), env().ids.parks.farm[1]);
    const rows = await productionRows(env().db, env().ids.merchant.farm, at.park);
    at.plot = rows.plotId;
    planting = rows.plantingId;
    person = rows.personId;
    ({ id: other } = await plant(post, at, {
      cropId: rows.cropId,
      sownOn: '2026-01-02',
      expectedHarvestOn: '2026-12-01',
    }));
    pesticide = await pesticideInStock(post, at.park, '绕行测试农药', 'L', 100);
  });

  const send = (url: string, body: object) => env().post<unknown>(`${P}/${url}`, at.demo, body);
  const harvest = (day: string) =>
    send('harvest/addHarvest', {
      groupId: at.park,
      plantingId: planting,
      harvestedOn: day,
      quantity: 3,
      unit: 'kg',
      personnelIds: [person],
      overrideReason: '',
    });
  const spray = (day: string, status: 'done' | 'planned', plantingId: number | null = planting) =>
    sprayWork(at, pesticide, day, status, plantingId);
  const stock = async () =>
    Number(
      (
        await env()
          .db.selectFrom('production_materials')
          .select('stock')
          .where('id', '=', pesticide)
          .executeTakeFirstOrThrow()
      ).stock,
    );
  /** A refusal of a farm-work write because a harvest would lie inside the spray's interval. */
  const refusedForHarvest = (res: { code: number; data: unknown }, harvestedOn: string) => {
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.data).toEqual([
      { field: 'doneOn', rule: 'harvestInInterval', params: expect.objectContaining({ harvestedOn }) },
    ]);
  };

  it('refuses a spray recorded after the harvest with an earlier day, and takes nothing from stock', async () => {
    expect((await harvest('2026-03-05')).code).toBe(0);
    const before = await stock();
    const res = await send('farmWork/addFarmWork', spray('2026-03-01', 'done'));
    refusedForHarvest(res, '2026-03-05');
    expect(res.msg).toContain('2026-03-05');
    expect(await stock()).toBe(before);
  });

  it('refuses moving a finished spray to a day, or a planting, that puts a harvest inside its interval', async () => {
    const { id } = await post('farmWork/addFarmWork', spray('2026-04-01', 'done'));
    expect((await harvest('2026-04-20')).code).toBe(0);
    const why = { correctionReason: 'the day was written wrong' };
    refusedForHarvest(
      await send('farmWork/alterFarmWork', { ...spray('2026-04-15', 'done'), id, ...why }),
      '2026-04-20',
    );

    const { id: onOther } = await post('farmWork/addFarmWork', spray('2026-05-01', 'done', other));
    expect((await harvest('2026-05-03')).code).toBe(0);
    refusedForHarvest(
      await send('farmWork/alterFarmWork', { ...spray('2026-05-01', 'done', planting), id: onOther, ...why }),
      '2026-05-03',
    );
  });

  it('refuses marking a planned spray done on a day before a harvest inside its interval', async () => {
    const { id } = await post('farmWork/addFarmWork', spray('2026-10-01', 'planned'));
    expect((await harvest('2026-10-03')).code).toBe(0);
    refusedForHarvest(await send('farmWork/alterFarmWork', { ...spray('2026-10-01', 'done'), id }), '2026-10-03');
  });

  it('counts a spray of the plot that names no planting for every planting on it, in either order', async () => {
    await post('farmWork/addFarmWork', spray('2026-07-01', 'done', null));
    const inside = await harvest('2026-07-03');
    expect(inside.code).toBe(Code.CONFLICT);
    expect(inside.data).toEqual([expect.objectContaining({ field: 'harvestedOn', rule: 'safetyInterval' })]);

    expect((await harvest('2026-08-03')).code).toBe(0);
    refusedForHarvest(await send('farmWork/addFarmWork', spray('2026-08-01', 'done', null)), '2026-08-03');
  });

  it("keeps a spray's interval when its pesticide's safety days are set to 0 afterwards", async () => {
    await post('farmWork/addFarmWork', spray('2026-09-01', 'done'));
    const material = { groupId: at.park, kind: 'pesticide', name: '绕行测试农药', unit: 'L' };
    await post('material/alterMaterial', { ...material, id: pesticide, safetyDays: 0 });
    const res = await harvest('2026-09-03');
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.data).toEqual([
      expect.objectContaining({ rule: 'safetyInterval', params: expect.objectContaining({ firstDay: '2026-09-08' }) }),
    ]);
    await post('material/alterMaterial', { ...material, id: pesticide, safetyDays: 7 });
  });

  it('lets only an administrator record a spray over a harvest, with a reason the harvest keeps, in its history and the log', async () => {
    const h = await harvest('2026-06-05');
    expect(h.code).toBe(0);
    const harvestId = (h.data as { id: number }).id;
    const reason = '补记：6 月 1 日确有喷药，已抽检合格，负责人批准';
    // the operator may record farm work, but not set the interval aside
    const { db, ids } = env();
    const role = (
      await db.selectFrom('users').select('role_id').where('id', '=', ids.users.operator).executeTakeFirstOrThrow()
    ).role_id as number;
    await db
      .insertInto('role_permissions')
      .values({ role_id: role, permit_url: '/productionManagement/farmWork' })
      .execute();
    const operator = await env().login('operator');
    const byOperator = await env().post(`${P}/farmWork/addFarmWork`, operator, {
      ...spray('2026-06-01', 'done'),
      overrideReason: reason,
    });
    expect(byOperator.code).toBe(Code.PERMISSION_DENIED);
    expect(byOperator.data).toEqual([{ field: 'overrideReason', rule: 'invalid' }]);

    const { id: workId } = await post('farmWork/addFarmWork', {
      ...spray('2026-06-01', 'done'),
      overrideReason: reason,
    });
    const kept = await db
      .selectFrom('production_harvests')
      .select(['override_reason', 'override_by'])
      .where('id', '=', harvestId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ override_reason: reason, override_by: ids.users.demo });
    // the harvest's history: as made, then corrected with the reason
    const history = await env().get<{ kind: string; reason: string | null }[]>(
      `${P}/harvest/getHarvestHistory?groupId=${at.park}&id=${harvestId}`,
      at.demo,
    );
    expect(history.data.map((r) => [r.kind, r.reason])).toEqual([
      ['corrected', reason],
      ['made', null],
    ]);
    const lines = await db
      .selectFrom('system_log')
      .select(['target_type', 'target_id', 'detail'])
      .where('action', '=', 'production.override')
      .where('result', '=', 'ok')
      .where('target_id', 'in', [String(harvestId), String(workId)])
      .execute();
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target_type: 'harvest', target_id: String(harvestId) }),
        expect.objectContaining({ target_type: 'farmWork', target_id: String(workId) }),
      ]),
    );
    expect(lines.every((l) => l.detail.includes(reason))).toBe(true);
    // kept harvests no longer block: the spray's correction passes without a reason
    expect(
      (
        await send('farmWork/alterFarmWork', {
          ...spray('2026-06-02', 'done'),
          id: workId,
          correctionReason: '日期更正',
        })
      ).code,
    ).toBe(0);
  });

  it('refuses a harvest or work done dated after today in the park', async () => {
    const tomorrow = addDays(dayIn('Asia/Shanghai'), 2);
    const h = await harvest(tomorrow);
    expect(h.code).toBe(Code.VALIDATION);
    expect(h.data).toEqual([{ field: 'harvestedOn', rule: 'notFuture' }]);
    const w = await send('farmWork/addFarmWork', { ...spray(tomorrow, 'done'), materials: [] });
    expect(w.code).toBe(Code.VALIDATION);
    expect(w.data).toEqual([{ field: 'doneOn', rule: 'notFuture' }]);
    // planned work ahead of time is what planning is
    expect((await send('farmWork/addFarmWork', { ...spray(tomorrow, 'planned'), materials: [] })).code).toBe(0);
  });
});
