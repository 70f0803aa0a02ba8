import { addDays, Code, dayIn, type PlantingRecord } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { P } from './permits';
import { type DemoFarm, demoFarm, okPost, pesticideInStock, plant, workDone } from './testFixture';

/**
 * The flow on the server: a planting, a spray (stock falls), a harvest the next day refused
 * with the pesticide, spraying day and first allowed day, one after the interval saved, an
 * administrator's override with a reason, a machine-measured irrigation run and a clip; the planting's
 * record shows all of it.
 */
describeEachEngine('production: a planting record', (env) => {
  let at: DemoFarm;
  const post = okPost(env, () => at.demo);
  const today = dayIn('Asia/Shanghai');
  const sprayedOn = addDays(today, -20);
  beforeAll(async () => {
    at = await demoFarm(env());
  });

  it('gathers the work, the materials it took, the harvests with their override and the clips', async () => {
    const crop = await post('crop/addCrop', { name: '记录番茄', growingDays: 120 });
    const planting = await plant(post, at, {
      cropId: crop.id,
      areaMu: 2,
      sownOn: addDays(today, -60),
      expectedHarvestOn: addDays(today, 60),
    });
    const spray = await pesticideInStock(post, at.park, '记录阿维菌素', 'L', 3);
    const work = await post('farmWork/addFarmWork', {
      groupId: at.park,
      type: 'spraying',
      areaPointId: at.plot,
      plantingId: planting.id,
      plannedOn: sprayedOn,
      doneOn: sprayedOn,
      status: 'done',
      materials: [{ materialId: spray, quantity: 0.75 }],
    });
    const stock = await env()
      .db.selectFrom('production_materials')
      .select('stock')
      .where('id', '=', spray)
      .executeTakeFirstOrThrow();
    expect(Number(stock.stock)).toBe(2.25);

    const harvest = (harvestedOn: string, overrideReason = '') =>
      env().post<{ id: number }>(`${P}/harvest/addHarvest`, at.demo, {
        groupId: at.park,
        plantingId: planting.id,
        harvestedOn,
        quantity: 40,
        unit: 'kg',
        personnelIds: [],
        overrideReason,
      });
    const refused = await harvest(addDays(sprayedOn, 1));
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.msg).toContain('记录阿维菌素');
    expect(refused.msg).toContain(sprayedOn);
    expect(refused.msg).toContain(addDays(sprayedOn, 7));
    const after = await harvest(addDays(sprayedOn, 7));
    expect(after.code, after.msg).toBe(0);
    const overridden = await harvest(addDays(sprayedOn, 2), '检测合格，订单加急');
    expect(overridden.code, overridden.msg).toBe(0);

    // an irrigation run with fertiliser, as the machine records it on the planting
    const t = { merchant_id: env().ids.merchant.farm, group_id: at.park };
    const onPlanting = { area_point_id: at.plot, planting_id: planting.id };
    await workDone(
      env().db,
      t,
      { type: 'irrigation', ...onPlanting, done_on: today, source: 'machine' },
      {
        water_m3: 1.5,
        fertiliser: JSON.stringify([{ tank: 'tank1', name: '水溶肥', litres: 12.5 }]),
        series_id: 'irrigation-run-test',
      },
    );
    const clip = { title: '记录视频', shot_on: today, sha256: 'a'.repeat(64), bytes: 10, user_id: null };
    await env()
      .db.insertInto('production_videos')
      .values({ ...t, ...onPlanting, ...clip, created_at: Date.now() })
      .execute();

    const res = await env().get<PlantingRecord>(`${P}/planting/getPlantingRecord`, at.demo, {
      id: String(planting.id),
    });
    expect(res.code, res.msg).toBe(0);
    const r = res.data;
    expect(r.farmWork.map((w) => [w.type, w.source])).toEqual([
      ['irrigation', 'machine'],
      ['spraying', 'manual'],
    ]);
    expect(r.farmWork[1].id).toBe(work.id);
    expect(r.materialsUsed).toEqual([
      { materialId: spray, name: '记录阿维菌素', kind: 'pesticide', unit: 'L', quantity: 0.75 },
    ]);
    expect(r).toMatchObject({ machineWaterM3: 1.5, machineFertiliserL: 12.5 });
    expect(r.harvests.map((h) => [h.harvestedOn, h.overrideReason])).toEqual([
      [addDays(sprayedOn, 7), null],
      [addDays(sprayedOn, 2), '检测合格，订单加急'],
    ]);
    expect(r.harvests[1].overrideByName).toBeTruthy();
    expect(r.videos.map((v) => v.title)).toEqual(['记录视频']);

    // another merchant learns nothing of it
    const other = await env().login('demo2');
    const foreign = await env().get(`${P}/planting/getPlantingRecord`, other, { id: String(planting.id) });
    expect(foreign.code).toBe(Code.NOT_FOUND);
  });
});
