import { addDays, Code, dayIn } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { insertRow, rowById, updateById } from '../../../db/rows';
import { describeEachEngine } from '../../../test/harness';
import { P } from './permits';
import { type DemoFarm, demoFarm, okPost, plant, productionRows } from './testFixture';

describeEachEngine('production core: personnel, crops, standards, plantings', (env) => {
  let at: DemoFarm;
  const post = okPost(env, () => at.demo);
  beforeAll(async () => {
    at = await demoFarm(env());
  });

  it('keeps personnel: validates, masks the ID number in lists, searches, exports', async () => {
    const bad = await env().post(`${P}/personnel/addPersonnel`, at.demo, {
      name: '',
      idNumber: '12345',
      groupIds: [at.park],
    });
    expect(bad.code).toBe(Code.VALIDATION);
    const fields = (bad.data as { field?: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'idNumber']));

    const add = await env().post<{ id: number }>(`${P}/personnel/addPersonnel`, at.demo, {
      name: '李采收',
      phone: '13800001111',
      post: '采收组长',
      idNumber: '37078319900101123x',
      groupIds: [at.park],
    });
    expect(add.code, add.msg).toBe(0);
    const list = await env().get<{ list: { id: number; idNumber: string }[]; total: number }>(
      `${P}/personnel/getPersonnelList`,
      at.demo,
      { keyword: '李采收', pageNum: '1', pageSize: '10' },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0].idNumber).toBe('370***********123X');
    const detail = await env().get<{ idNumber: string }>(`${P}/personnel/getPersonnelDetail`, at.demo, {
      id: String(add.data.id),
    });
    expect(detail.data.idNumber).toBe('37078319900101123X');

    const csv = await env().app.inject({
      method: 'GET',
      url: `${P}/personnel/exportPersonnel`,
      query: { keyword: '李采收', format: 'csv' },
      headers: { AuthToken: at.demo, 'accept-language': 'en' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Name');
    expect(csv.body).toContain('370***********123X');
    expect(csv.body).not.toContain('37078319900101123X');
    const xlsx = await env().app.inject({
      method: 'GET',
      url: `${P}/personnel/exportPersonnel`,
      query: { format: 'xlsx' },
      headers: { AuthToken: at.demo },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps a crop with its growth standard and tells a planting its stage', async () => {
    const crop = await post('crop/addCrop', { name: '番茄', variety: '粉果', category: '茄果类', growingDays: 150 });
    const overlapping = await env().post(`${P}/growthStage/updateStandard`, at.demo, {
      cropId: crop.id,
      stages: [
        { name: '苗期', startDay: 0, endDay: 30, ranges: [] },
        { name: '开花期', startDay: 30, endDay: 60, ranges: [] },
      ],
    });
    expect(overlapping.code).toBe(Code.VALIDATION);
    await post('growthStage/updateStandard', {
      cropId: crop.id,
      stages: [
        { name: '苗期', startDay: 0, endDay: 29, tasks: '控温炼苗', ranges: [{ key: 'airTemp', min: 20, max: 28 }] },
        { name: '开花坐果期', startDay: 30, endDay: 150, ranges: [{ key: 'airHumidity', min: 60, max: 80 }] },
      ],
    });
    const detail = await env().get<{ stages: { name: string; ranges: unknown[] }[] }>(
      `${P}/growthStage/getStandardDetail`,
      at.demo,
      { cropId: String(crop.id) },
    );
    expect(detail.data.stages.map((s) => s.name)).toEqual(['苗期', '开花坐果期']);
    const sheet = await env().app.inject({
      method: 'GET',
      url: `${P}/growthStage/exportStandard`,
      query: { keyword: '粉果', format: 'csv' },
      headers: { AuthToken: at.demo },
    });
    expect(sheet.body).toContain('控温炼苗');
    expect(sheet.body).toContain('airTemp 20~28');
    expect(sheet.body).toContain('airHumidity 60~80');

    const sownOn = addDays(dayIn(env().config.tzName), -10);
    const planting = await plant(post, at, { cropId: crop.id, areaMu: 1.5, sownOn, expectedHarvestOn: '2099-01-01' });
    const list = await env().get<{ list: { id: number; dayNo: number; stageName: string; stageTasks: string }[] }>(
      `${P}/planting/getPlantingList`,
      at.demo,
      { groupId: String(at.park), keyword: '番茄' },
    );
    const mine = list.data.list.find((p) => p.id === planting.id);
    expect(mine).toMatchObject({ dayNo: 10, stageName: '苗期', stageTasks: '控温炼苗' });

    // the crop is in use: refused with a clear message naming it
    const remove = await env().post<{ rule: string }[]>(`${P}/crop/removeCrop`, at.demo, { id: [crop.id] });
    expect(remove.code).toBe(Code.CONFLICT);
    expect(remove.msg).toContain('番茄');
    expect(remove.data[0].rule).toBe('inUse');

    const wrongDates = await env().post(`${P}/planting/addPlanting`, at.demo, {
      groupId: at.park,
      areaPointId: at.plot,
      cropId: crop.id,
      areaMu: 1,
      sownOn: '2026-05-01',
      expectedHarvestOn: '2026-04-01',
    });
    expect(wrongDates.code).toBe(Code.VALIDATION);
  });

  it('batch-removes what is not in use and refuses a person on a harvest', async () => {
    const a = await env().post<{ id: number }>(`${P}/crop/addCrop`, at.demo, { name: '删甲', growingDays: 10 });
    const b = await env().post<{ id: number }>(`${P}/crop/addCrop`, at.demo, { name: '删乙', growingDays: 10 });
    const gone = await env().post(`${P}/crop/removeCrop`, at.demo, { id: [a.data.id, b.data.id] });
    expect(gone.code, gone.msg).toBe(0);
    const left = await env().get<{ total: number }>(`${P}/crop/getCropList`, at.demo, { keyword: '删' });
    expect(left.data.total).toBe(0);

    const { db, ids } = env();
    const rows = await productionRows(db, ids.merchant.farm, at.park);
    const refused = await env().post(`${P}/personnel/removePersonnel`, at.demo, { id: [rows.personId] });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.msg).toContain('测试采收员');
    const plantingInUse = await env().post(`${P}/planting/removePlanting`, at.demo, { id: [rows.plantingId] });
    expect(plantingInUse.code).toBe(Code.CONFLICT);
  });

  it('starts the demo with crops and standards, a planting on every plot, staff and harvests', async () => {
    const crops = await env().get<{ list: { name: string; stageCount: number }[] }>(`${P}/crop/getCropList`, at.demo, {
      pageSize: '100',
    });
    const names = crops.data.list.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['番茄', '黄瓜', '草莓', '水稻', '柑橘']));
    for (const name of ['番茄', '黄瓜', '草莓', '水稻', '柑橘'])
      expect(
        Math.max(...crops.data.list.filter((c) => c.name === name).map((c) => c.stageCount)),
        name,
      ).toBeGreaterThan(2);
    const plots = await env().db.selectFrom('area_points').select('id').where('group_id', '=', at.park).execute();
    const plantings = await env().get<{ list: { areaPointId: number; stageName: string | null }[] }>(
      `${P}/planting/getPlantingList`,
      at.demo,
      { groupId: String(at.park), pageSize: '100' },
    );
    for (const p of plots) expect(plantings.data.list.map((x) => x.areaPointId)).toContain(p.id);
    expect(plantings.data.list.some((x) => x.stageName !== null)).toBe(true);
    const harvests = await env().get<{ total: number }>(`${P}/harvest/getHarvestList`, at.demo, {
      groupId: String(at.park),
    });
    expect(harvests.data.total).toBeGreaterThan(0);
  });

  it('keeps a planting and its harvests when its plot is removed on the map, showing the plot as gone', async () => {
    const { db, ids } = env();
    const rows = await productionRows(db, ids.merchant.farm, at.park);
    const scope = { merchantId: ids.merchant.farm, groupIds: [at.park] };
    const point = await rowById(db, scope, 'area_points', rows.plotId);
    const temporary = { merchant_id: ids.merchant.farm, group_id: at.park, name: '临时地块', created_at: Date.now() };
    const plot = await insertRow(db, scope, 'area_points', { ...temporary, point_id: Number(point?.point_id) });
    await updateById(db, scope, 'production_plantings', rows.plantingId, { area_point_id: plot });
    const removed = await env().post('/api/merchant/group-area-point/removeBatchGroupAreaPoint', at.demo, {
      areaPointIds: [plot],
    });
    expect(removed.code, removed.msg).toBe(0);
    const detail = await env().get<{ areaPointName: string | null }>(`${P}/planting/getPlantingDetail`, at.demo, {
      id: String(rows.plantingId),
    });
    expect(detail.code).toBe(0);
    expect(detail.data.areaPointName).toBeNull();
    const harvests = await env().get<{ total: number }>(`${P}/harvest/getHarvestList`, at.demo, {
      groupId: String(at.park),
      plantingId: String(rows.plantingId),
    });
    expect(harvests.data.total).toBe(1);
  });
});
