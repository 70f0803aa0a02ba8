import { Code, dayIn } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { productionRows } from './testFixture';

const P = '/api/merchant/production';

describeEachEngine('production core: personnel, crops, standards, plantings', (env) => {
  let demo: string;
  let park: number;
  let plot: number;
  beforeAll(async () => {
    demo = await env().login('demo');
    park = env().ids.parks.farm[0];
    const row = await env()
      .db.selectFrom('area_points')
      .select('id')
      .where('group_id', '=', park)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    plot = row.id;
  });

  it('keeps personnel: validates, masks the ID number in lists, searches, exports', async () => {
    const bad = await env().post(`${P}/personnel/addPersonnel`, demo, {
      name: '',
      idNumber: '12345',
      groupIds: [park],
    });
    expect(bad.code).toBe(Code.VALIDATION);
    const fields = (bad.data as { field?: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'idNumber']));

    const add = await env().post<{ id: number }>(`${P}/personnel/addPersonnel`, demo, {
      name: '李采收',
      phone: '13800001111',
      post: '采收组长',
      idNumber: '37078319900101123x',
      groupIds: [park],
    });
    expect(add.code, add.msg).toBe(0);
    const list = await env().get<{ list: { id: number; idNumber: string }[]; total: number }>(
      `${P}/personnel/getPersonnelList`,
      demo,
      { keyword: '李采收', pageNum: '1', pageSize: '10' },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0].idNumber).toBe('370***********123X');
    const detail = await env().get<{ idNumber: string }>(`${P}/personnel/getPersonnelDetail`, demo, {
      id: String(add.data.id),
    });
    expect(detail.data.idNumber).toBe('37078319900101123X');

    const csv = await env().app.inject({
      method: 'GET',
      url: `${P}/personnel/exportPersonnel`,
      query: { keyword: '李采收', format: 'csv' },
      headers: { AuthToken: demo, 'accept-language': 'en' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Name');
    expect(csv.body).toContain('370***********123X');
    expect(csv.body).not.toContain('37078319900101123X');
    const xlsx = await env().app.inject({
      method: 'GET',
      url: `${P}/personnel/exportPersonnel`,
      query: { format: 'xlsx' },
      headers: { AuthToken: demo },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps a crop with its growth standard and tells a planting its stage', async () => {
    const crop = await env().post<{ id: number }>(`${P}/crop/addCrop`, demo, {
      name: '番茄',
      variety: '粉果',
      category: '茄果类',
      growingDays: 150,
    });
    expect(crop.code, crop.msg).toBe(0);
    const overlapping = await env().post(`${P}/growthStage/updateStandard`, demo, {
      cropId: crop.data.id,
      stages: [
        { name: '苗期', startDay: 0, endDay: 30, ranges: [] },
        { name: '开花期', startDay: 30, endDay: 60, ranges: [] },
      ],
    });
    expect(overlapping.code).toBe(Code.VALIDATION);
    const std = await env().post(`${P}/growthStage/updateStandard`, demo, {
      cropId: crop.data.id,
      stages: [
        { name: '苗期', startDay: 0, endDay: 29, tasks: '控温炼苗', ranges: [{ key: 'airTemp', min: 20, max: 28 }] },
        { name: '开花坐果期', startDay: 30, endDay: 150, ranges: [{ key: 'airHumidity', min: 60, max: 80 }] },
      ],
    });
    expect(std.code, std.msg).toBe(0);
    const detail = await env().get<{ stages: { name: string; ranges: unknown[] }[] }>(
      `${P}/growthStage/getStandardDetail`,
      demo,
      { cropId: String(crop.data.id) },
    );
    expect(detail.data.stages.map((s) => s.name)).toEqual(['苗期', '开花坐果期']);
    const sheet = await env().app.inject({
      method: 'GET',
      url: `${P}/growthStage/exportStandard`,
      query: { keyword: '粉果', format: 'csv' },
      headers: { AuthToken: demo },
    });
    expect(sheet.body).toContain('控温炼苗');
    expect(sheet.body).toContain('airTemp 20~28');
    expect(sheet.body).toContain('airHumidity 60~80');

    const today = dayIn(env().config.tzName);
    const tenDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 10 * 86_400_000).toISOString().slice(0, 10);
    const planting = await env().post<{ id: number }>(`${P}/planting/addPlanting`, demo, {
      groupId: park,
      areaPointId: plot,
      cropId: crop.data.id,
      areaMu: 1.5,
      sownOn: tenDaysAgo,
      expectedHarvestOn: '2099-01-01',
    });
    expect(planting.code, planting.msg).toBe(0);
    const list = await env().get<{ list: { id: number; dayNo: number; stageName: string; stageTasks: string }[] }>(
      `${P}/planting/getPlantingList`,
      demo,
      { groupId: String(park), keyword: '番茄' },
    );
    const mine = list.data.list.find((p) => p.id === planting.data.id);
    expect(mine).toMatchObject({ dayNo: 10, stageName: '苗期', stageTasks: '控温炼苗' });

    // the crop is in use: refused with a clear message naming it
    const remove = await env().post<{ rule: string }[]>(`${P}/crop/removeCrop`, demo, { id: [crop.data.id] });
    expect(remove.code).toBe(Code.CONFLICT);
    expect(remove.msg).toContain('番茄');
    expect(remove.data[0].rule).toBe('inUse');

    const wrongDates = await env().post(`${P}/planting/addPlanting`, demo, {
      groupId: park,
      areaPointId: plot,
      cropId: crop.data.id,
      areaMu: 1,
      sownOn: '2026-05-01',
      expectedHarvestOn: '2026-04-01',
    });
    expect(wrongDates.code).toBe(Code.VALIDATION);
  });

  it('batch-removes what is not in use and refuses a person on a harvest', async () => {
    const a = await env().post<{ id: number }>(`${P}/crop/addCrop`, demo, { name: '删甲', growingDays: 10 });
    const b = await env().post<{ id: number }>(`${P}/crop/addCrop`, demo, { name: '删乙', growingDays: 10 });
    const gone = await env().post(`${P}/crop/removeCrop`, demo, { id: [a.data.id, b.data.id] });
    expect(gone.code, gone.msg).toBe(0);
    const left = await env().get<{ total: number }>(`${P}/crop/getCropList`, demo, { keyword: '删' });
    expect(left.data.total).toBe(0);

    const { db, ids } = env();
    const rows = await productionRows(db, ids.merchant.farm, park);
    const refused = await env().post(`${P}/personnel/removePersonnel`, demo, { id: [rows.personId] });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.msg).toContain('测试采收员');
    const plantingInUse = await env().post(`${P}/planting/removePlanting`, demo, { id: [rows.plantingId] });
    expect(plantingInUse.code).toBe(Code.CONFLICT);
  });

  it('starts the demo with crops and standards, a planting on every plot, staff and harvests', async () => {
    const crops = await env().get<{ list: { name: string; stageCount: number }[] }>(`${P}/crop/getCropList`, demo, {
      pageSize: '100',
    });
    const names = crops.data.list.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['番茄', '黄瓜', '草莓', '水稻', '柑橘']));
    for (const name of ['番茄', '黄瓜', '草莓', '水稻', '柑橘'])
      expect(
        Math.max(...crops.data.list.filter((c) => c.name === name).map((c) => c.stageCount)),
        name,
      ).toBeGreaterThan(2);
    const plots = await env().db.selectFrom('area_points').select('id').where('group_id', '=', park).execute();
    const plantings = await env().get<{ list: { areaPointId: number; stageName: string | null }[] }>(
      `${P}/planting/getPlantingList`,
      demo,
      { groupId: String(park), pageSize: '100' },
    );
    for (const p of plots) expect(plantings.data.list.map((x) => x.areaPointId)).toContain(p.id);
    expect(plantings.data.list.some((x) => x.stageName !== null)).toBe(true);
    const harvests = await env().get<{ total: number }>(`${P}/harvest/getHarvestList`, demo, { groupId: String(park) });
    expect(harvests.data.total).toBeGreaterThan(0);
  });

  it('keeps a planting and its harvests when its plot is removed on the map, showing the plot as gone', async () => {
    const { db, ids } = env();
    const rows = await productionRows(db, ids.merchant.farm, park);
    const point = await db
      .selectFrom('area_points')
      .select('point_id')
      .where('id', '=', rows.plotId)
      .executeTakeFirstOrThrow();
    const plot = await db
      .insertInto('area_points')
      .values({
        merchant_id: ids.merchant.farm,
        group_id: park,
        point_id: point.point_id,
        name: '临时地块',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('production_plantings')
      .set({ area_point_id: plot.id })
      .where('id', '=', rows.plantingId)
      .execute();
    const removed = await env().post('/api/merchant/group-area-point/removeBatchGroupAreaPoint', demo, {
      areaPointIds: [plot.id],
    });
    expect(removed.code, removed.msg).toBe(0);
    const detail = await env().get<{ areaPointName: string | null }>(`${P}/planting/getPlantingDetail`, demo, {
      id: String(rows.plantingId),
    });
    expect(detail.code).toBe(0);
    expect(detail.data.areaPointName).toBeNull();
    const harvests = await env().get<{ total: number }>(`${P}/harvest/getHarvestList`, demo, {
      groupId: String(park),
      plantingId: String(rows.plantingId),
    });
    expect(harvests.data.total).toBe(1);
  });
});
