import {
  addDays,
  Code,
  dayIn,
  type FarmWork,
  type Machinery,
  type MaintenanceDue,
  type Paged,
  type TraceVideo,
} from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { recordRunAsFarmWork, runSeries } from './machineWork';
import { stockFixture } from './testFixture';

const P = '/api/merchant/production';

/** The smallest thing that starts like an MP4: a 24-byte ftyp box, then some payload. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.alloc(1000, 7),
]);

describeEachEngine('production machine records, machinery and videos', (env) => {
  const fx = stockFixture(env);

  it('records an irrigation run with fertiliser as machine farm work on its zones plots, once', async () => {
    const { db, ids } = env();
    const device = await db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', ids.devices.farm)
      .executeTakeFirstOrThrow();
    const base = { merchant_id: device.merchant_id, group_id: fx.park, device_id: device.id };
    // zones 91 and 92 water the first plot, 93 the second
    await db
      .insertInto('irrigation_zones')
      .values([
        { ...base, zone_no: 91, name: '', area_point_id: fx.plots[0] },
        { ...base, zone_no: 92, name: '', area_point_id: fx.plots[0] },
        { ...base, zone_no: 93, name: '', area_point_id: fx.plots[1] },
      ])
      .execute();
    // what recordRunAsFarmWork reads of an ended run (runWork.test.ts ends a real one)
    const now = Date.now();
    const run = {
      ...base,
      id: 900_001,
      zones: '[91,92,93]',
      started_at: now - 1_800_000,
      ended_at: now,
      water_m3: 6,
      fertiliser: JSON.stringify({ tank1: 3, tank2: 1.5 }),
    };
    expect(await recordRunAsFarmWork(db, run, 'Asia/Shanghai')).toBe(2);
    expect(await recordRunAsFarmWork(db, run, 'Asia/Shanghai')).toBe(0);
    const list = await env().get<Paged<FarmWork>>(`${P}/farmWork/getFarmWorkList`, fx.demo, {
      groupId: String(fx.park),
      type: 'irrigation',
      pageSize: '100',
    });
    const mine = list.data.list.filter((w) => w.seriesId === runSeries(run.id));
    expect(mine).toHaveLength(2);
    const first = mine.find((w) => w.areaPointId === fx.plots[0]);
    expect(first).toMatchObject({ source: 'machine', status: 'done', waterM3: 4, irrigationRunId: run.id });
    expect(first?.fertiliser).toEqual([
      { tank: 'tank1', name: '', litres: 2 },
      { tank: 'tank2', name: '', litres: 1 },
    ]);
    expect(mine.find((w) => w.areaPointId === fx.plots[1])).toMatchObject({ waterM3: 2, irrigationRunId: null });
    // the machine's record is not edited by hand
    const alter = await env().post(`${P}/farmWork/alterFarmWork`, fx.demo, {
      id: first?.id,
      groupId: fx.park,
      type: 'irrigation',
      areaPointId: fx.plots[0],
      plannedOn: first?.plannedOn,
      status: 'done',
      doneOn: first?.doneOn,
    });
    expect(alter.code).toBe(Code.CONFLICT);
    // a run without fertiliser is not farm work
    const plain = { ...run, id: run.id + 1, fertiliser: '{}' };
    expect(await recordRunAsFarmWork(db, plain, 'Asia/Shanghai')).toBe(0);
  });

  it('counts machines whose maintenance falls due within 7 days', async () => {
    const today = dayIn('Asia/Shanghai');
    const before = (
      await env().get<MaintenanceDue>(`${P}/machinery/getMaintenanceDue`, fx.demo, { groupId: String(fx.park) })
    ).data.count;
    const m = await env().post<{ id: number }>(`${P}/machinery/addMachinery`, fx.demo, {
      groupId: fx.park,
      name: '测试拖拉机',
      type: '拖拉机',
      status: 'in_use',
    });
    expect(m.code, m.msg).toBe(0);
    await env().post(`${P}/machinery/addMaintenance`, fx.demo, {
      machineryId: m.data.id,
      doneOn: addDays(today, -30),
      type: '更换机油',
      cost: 120,
      nextDueOn: addDays(today, 3),
    });
    const due = await env().get<MaintenanceDue>(`${P}/machinery/getMaintenanceDue`, fx.demo, {
      groupId: String(fx.park),
    });
    expect(due.data.count).toBe(before + 1);
    const list = await env().get<Paged<Machinery>>(`${P}/machinery/getMachineryList`, fx.demo, {
      groupId: String(fx.park),
      keyword: '测试拖拉机',
    });
    expect(list.data.list[0]).toMatchObject({ due: true, nextDueOn: addDays(today, 3) });
    // a later record with a far due day clears it
    await env().post(`${P}/machinery/addMaintenance`, fx.demo, {
      machineryId: m.data.id,
      doneOn: today,
      type: '保养',
      nextDueOn: addDays(today, 90),
    });
    expect(
      (await env().get<MaintenanceDue>(`${P}/machinery/getMaintenanceDue`, fx.demo, { groupId: String(fx.park) })).data
        .count,
    ).toBe(before);
  });

  it('keeps MP4 clips only, and serves them with ranges', async () => {
    const upload = (payload: Buffer, type = 'video/mp4') =>
      env().app.inject({
        method: 'POST',
        url: `${P}/video/addVideo?groupId=${fx.park}&title=${encodeURIComponent('测试视频')}&shotOn=2026-06-01&areaPointId=${fx.plots[0]}`,
        headers: { AuthToken: fx.demo, 'content-type': type },
        payload,
      });
    const bad = await upload(Buffer.from('<html>not a video</html>'.padEnd(100, ' ')));
    expect(bad.json().code).toBe(Code.VALIDATION);
    const ok = await upload(MP4, 'application/octet-stream');
    expect(ok.json().code, ok.body).toBe(0);
    const id = ok.json().data.id as number;
    const list = await env().get<Paged<TraceVideo>>(`${P}/video/getVideoList`, fx.demo, { groupId: String(fx.park) });
    expect(list.data.list.find((v) => v.id === id)).toMatchObject({ title: '测试视频', bytes: MP4.length });
    const part = await env().app.inject({
      method: 'GET',
      url: `${P}/video/getVideoFile?id=${id}`,
      headers: { AuthToken: fx.demo, range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const whole = await env().app.inject({
      method: 'GET',
      url: `${P}/video/getVideoFile?id=${id}`,
      headers: { AuthToken: fx.demo },
    });
    expect(whole.rawPayload.equals(MP4)).toBe(true);
    const other = await env().login('demo2');
    const foreign = await env().app.inject({
      method: 'GET',
      url: `${P}/video/getVideoFile?id=${id}`,
      headers: { AuthToken: other },
    });
    expect(foreign.json().code).toBe(Code.NOT_FOUND);
    expect((await env().post(`${P}/video/removeVideo`, fx.demo, { id: [id] })).code).toBe(0);
  });

  it('goes with a park when the park is removed', async () => {
    const add = await env().post<{ groupId: number }>('/api/merchant/group/addGroup', fx.demo, {
      groupName: '测试删除园区',
    });
    expect(add.code, add.msg).toBe(0);
    const groupId = add.data.groupId;
    const mat = await env().post<{ id: number }>(`${P}/material/addMaterial`, fx.demo, {
      groupId,
      kind: 'fertiliser',
      name: '测试尿素',
      unit: 'kg',
    });
    const sup = await env().post<{ id: number }>(`${P}/supplier/addSupplier`, fx.demo, {
      groupId,
      name: '测试供应商',
      materialIds: [mat.data.id],
    });
    await env().post(`${P}/material/addStockMove`, fx.demo, {
      kind: 'in',
      materialId: mat.data.id,
      quantity: 5,
      supplierId: sup.data.id,
    });
    const m = await env().post<{ id: number }>(`${P}/machinery/addMachinery`, fx.demo, { groupId, name: '测试农机' });
    await env().post(`${P}/machinery/addMaintenance`, fx.demo, {
      machineryId: m.data.id,
      doneOn: '2026-06-01',
      type: '保养',
    });
    const removed = await env().post('/api/merchant/group/removeGroup', fx.demo, { groupId });
    expect(removed.code, removed.msg).toBe(0);
    for (const table of [
      'production_materials',
      'production_suppliers',
      'production_stock_moves',
      'production_machinery',
      'production_maintenance',
    ] as const) {
      const left = await env().db.selectFrom(table).select('group_id').where('group_id', '=', groupId).execute();
      expect(left, table).toEqual([]);
    }
  });
});
