import { addDays, Code, dayIn, type Paged, type SystemLogEntry } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { P } from './core/permits';
import { type DemoFarm, demoFarm, okPost, pesticideInStock, plant } from './core/testFixture';

/** Every production write leaves one system log line: what, on which record, by whom, and how it ended. */
describeEachEngine('production writes in the system log', (env) => {
  let at: DemoFarm;
  const post = okPost(env, () => at.demo);
  beforeAll(async () => {
    at = await demoFarm(env());
  });

  /** The log lines of production actions, oldest first. */
  const lines = async (lang?: string) => {
    const res = await env().app.inject({
      method: 'GET',
      url: '/api/merchant/systemLog/getSystemLogList',
      query: { action: 'production', pageSize: '100' },
      headers: { AuthToken: at.demo, ...(lang ? { 'accept-language': lang } : {}) },
    });
    return (res.json() as { data: Paged<SystemLogEntry> }).data.list.reverse();
  };
  it('logs adds, edits, removals, the work marked done and the harvest kept over a safety interval', async () => {
    const today = dayIn('Asia/Shanghai');
    const crop = await post('crop/addCrop', { name: '日志番茄', growingDays: 100 });
    await post('crop/updateCrop', { id: crop.id, name: '日志番茄2', growingDays: 100 });
    const planting = await plant(post, at, {
      cropId: crop.id,
      sownOn: addDays(today, -20),
      expectedHarvestOn: addDays(today, 60),
    });
    const spray = await pesticideInStock(post, at.park, '日志吡虫啉', 'kg', 2);
    const work = {
      groupId: at.park,
      type: 'spraying',
      areaPointId: at.plot,
      plantingId: planting.id,
      plannedOn: addDays(today, -2),
      materials: [{ materialId: spray, quantity: 0.5 }],
    };
    const planned = await post('farmWork/addFarmWork', { ...work, status: 'planned', doneOn: '' });
    await post('farmWork/alterFarmWork', { ...work, id: planned.id, status: 'done', doneOn: addDays(today, -2) });
    const harvest = { groupId: at.park, plantingId: planting.id, harvestedOn: today, quantity: 3, unit: 'kg' };
    const refused = await env().post(`${P}/harvest/addHarvest`, at.demo, { ...harvest, personnelIds: [] });
    expect(refused.code).toBe(Code.CONFLICT);
    const kept = await post('harvest/addHarvest', {
      ...harvest,
      personnelIds: [],
      overrideReason: '检测合格，客户加急',
    });
    await post<null>('harvest/removeHarvest', { id: [kept.id] });
    const machine = await post('machinery/addMachinery', { groupId: at.park, name: '日志拖拉机', type: '拖拉机' });
    await post('machinery/addMaintenance', { machineryId: machine.id, doneOn: today, type: '保养', cost: 0 });
    await post<null>('farmWork/removeFarmWork', { id: [planned.id] });

    const got = (await lines()).map((l) => [l.action, l.targetType, l.result]);
    expect(got).toEqual([
      ['production.add', 'crop', 'ok'],
      ['production.alter', 'crop', 'ok'],
      ['production.add', 'planting', 'ok'],
      ['production.add', 'material', 'ok'],
      ['production.add', 'stockMove', 'ok'],
      ['production.add', 'farmWork', 'ok'],
      ['production.done', 'farmWork', 'ok'],
      ['production.add', 'harvest', 'fail'],
      ['production.override', 'harvest', 'ok'],
      ['production.remove', 'harvest', 'ok'],
      ['production.add', 'machinery', 'ok'],
      ['production.add', 'maintenance', 'ok'],
      ['production.remove', 'farmWork', 'ok'],
    ]);
    const all = await lines();
    // the new record's id, the name at the time, the refusal's code and why, the override's reason
    expect(all[0]).toMatchObject({ targetId: String(crop.id), detail: '日志番茄', loginName: 'demo' });
    expect(all[6].targetId).toBe(String(planned.id));
    expect(all[7]).toMatchObject({ resultCode: Code.CONFLICT });
    expect(all[7].detail).toContain('日志吡虫啉');
    expect(all[8]).toMatchObject({ targetId: String(kept.id) });
    expect(all[8].detail).toContain('检测合格，客户加急');
    expect(all[9].targetId).toBe(String(kept.id));
    // the answers carry no log marker
    const again = await env().post(`${P}/harvest/addHarvest`, at.demo, {
      ...harvest,
      personnelIds: [],
      overrideReason: '再次放行',
    });
    expect(again.data).toEqual({ id: expect.any(Number) });
  });

  it('names the actions and record kinds in the reader language', async () => {
    const zh = (await lines('zh-CN')).find((l) => l.action === 'production.done');
    const en = (await lines('en-US')).find((l) => l.action === 'production.done');
    expect(zh?.text).toMatchObject({ action: '农事完成', target: expect.stringContaining('农事') });
    expect(en?.text).toMatchObject({ action: 'Farm work done', target: expect.stringContaining('Farm work') });
  });
});
