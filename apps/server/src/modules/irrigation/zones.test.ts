import { Code, type IrrigationZone } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { provision, uniqueSerial } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';

const API = '/api/merchant/irrigation';

describeEachEngine('irrigation zones', (env) => {
  let demo: string;
  let park: number;
  let machine: number;
  let plots: { id: number; name: string }[];
  let otherParkPlot: number;

  beforeAll(async () => {
    demo = await env().login('demo');
    park = env().ids.parks.farm[1];
    machine = (
      await provision(env(), demo, {
        serial: uniqueSerial('ZN-IC'),
        deviceClass: 'irrigationController',
        groupId: park,
      })
    ).deviceId;
    plots = await env()
      .db.selectFrom('area_points')
      .select(['id', 'name'])
      .where('group_id', '=', park)
      .orderBy('id')
      .execute();
    const other = await env()
      .db.selectFrom('area_points')
      .select('id')
      .where('group_id', '=', env().ids.parks.farm[0])
      .executeTakeFirstOrThrow();
    otherParkPlot = other.id;
  });

  const zonesOf = async (deviceId: number) => {
    const res = await env().get<IrrigationZone[]>(`${API}/getZoneList`, demo, {
      groupId: String(park),
      deviceId: String(deviceId),
    });
    expect(res.code, res.msg).toBe(0);
    return res.data;
  };

  it('lists every zone of a machine, unnamed by default', async () => {
    const zones = await zonesOf(machine);
    expect(zones.map((z) => z.zoneNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(zones.every((z) => z.name === null && z.areaPointId === null)).toBe(true);
  });

  it('names a zone, links it to a plot of its park, and clears both; the system log names the change', async () => {
    const res = await env().post<IrrigationZone>(`${API}/alterZone`, demo, {
      deviceId: machine,
      zoneNo: 2,
      name: '  番茄东棚 ',
      areaPointId: plots[0].id,
      areaM2: 250,
      efficiency: 0.85,
    });
    expect(res.code, res.msg).toBe(0);
    const named = {
      deviceId: machine,
      zoneNo: 2,
      name: '番茄东棚',
      areaPointId: plots[0].id,
      areaPointName: plots[0].name,
      areaM2: 250,
      efficiency: 0.85,
    };
    expect(res.data).toEqual(named);
    expect((await zonesOf(machine))[1]).toEqual(named);

    // form-encoded like the console: a blank plot unlinks, a blank name goes back to the number
    const cleared = await env().post<IrrigationZone>(
      `${API}/alterZone`,
      demo,
      { deviceId: String(machine), zoneNo: '2', name: '', areaPointId: '', areaM2: '', efficiency: '' },
      true,
    );
    expect(cleared.code, cleared.msg).toBe(0);
    expect((await zonesOf(machine))[1]).toMatchObject({
      name: null,
      areaPointId: null,
      areaPointName: null,
      areaM2: null,
      efficiency: null,
    });
    const rows = await env().db.selectFrom('irrigation_zones').selectAll().where('device_id', '=', machine).execute();
    expect(rows).toEqual([]);

    const log = await env()
      .db.selectFrom('system_log')
      .select(['action', 'target_id', 'result_code'])
      .where('action', '=', 'irrigationZone.alter')
      .where('target_id', '=', `${machine}:2`)
      .execute();
    expect(log.map((l) => l.result_code)).toEqual([0, 0]);
  });

  it('refuses a plot of another park, a zone the machine lacks, a name too long and an efficiency above 1, changing nothing', async () => {
    const foreign = await env().post(`${API}/alterZone`, demo, {
      deviceId: machine,
      zoneNo: 1,
      name: 'x',
      areaPointId: otherParkPlot,
    });
    expect(foreign.code).toBe(Code.NOT_FOUND);
    const over = await env().post<unknown>(`${API}/alterZone`, demo, { deviceId: machine, zoneNo: 9, name: 'x' });
    expect(over.code).toBe(Code.VALIDATION);
    expect(over.data).toEqual([{ field: 'zoneNo', rule: 'max', params: { max: 8 } }]);
    const long = await env().post(`${API}/alterZone`, demo, { deviceId: machine, zoneNo: 1, name: '长'.repeat(51) });
    expect(long.code).toBe(Code.VALIDATION);
    const leaky = await env().post<unknown>(`${API}/alterZone`, demo, {
      deviceId: machine,
      zoneNo: 1,
      efficiency: 1.5,
    });
    expect(leaky.code).toBe(Code.VALIDATION);
    expect(leaky.data).toEqual([{ field: 'efficiency', rule: 'max', params: { max: 1 } }]);
    expect((await zonesOf(machine))[0]).toMatchObject({ name: null, areaPointId: null, efficiency: null });
  });

  it('drops the name and plot of a machine moved to another park', async () => {
    await env().post(`${API}/alterZone`, demo, {
      deviceId: machine,
      zoneNo: 3,
      name: '黄瓜西棚',
      areaPointId: plots[1].id,
    });
    await env()
      .db.updateTable('devices')
      .set({ group_id: env().ids.parks.farm[0] })
      .where('id', '=', machine)
      .execute();
    try {
      const res = await env().get<IrrigationZone[]>(`${API}/getZoneList`, demo, {
        groupId: String(env().ids.parks.farm[0]),
      });
      expect(res.code, res.msg).toBe(0);
      expect(res.data.find((z) => z.deviceId === machine && z.zoneNo === 3)).toMatchObject({
        name: null,
        areaPointId: null,
      });
    } finally {
      await env().db.updateTable('devices').set({ group_id: park }).where('id', '=', machine).execute();
    }
    expect((await zonesOf(machine))[2]).toMatchObject({ name: '黄瓜西棚', areaPointId: plots[1].id });
  });

  it("lists the park's plots for the picker", async () => {
    const res = await env().get<{ areaPointId: number; name: string }[]>(`${API}/getZonePlotList`, demo, {
      groupId: String(park),
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.map((p) => p.areaPointId)).toEqual(plots.map((p) => p.id));
  });

  it('answers a park or machine of another merchant as not found', async () => {
    const intruder = await env().login('demo2');
    const list = await env().get(`${API}/getZoneList`, intruder, { groupId: String(park) });
    expect(list.code).toBe(Code.NOT_FOUND);
    const alter = await env().post(`${API}/alterZone`, intruder, { deviceId: machine, zoneNo: 1, name: 'x' });
    expect(alter.code).toBe(Code.NOT_FOUND);
  });

  it('names the demo zones after the plots they water', async () => {
    const wf = await env()
      .db.selectFrom('devices')
      .select(['id', 'group_id'])
      .where('serial', '=', 'DF-WF-0001')
      .executeTakeFirstOrThrow();
    const res = await env().get<IrrigationZone[]>(`${API}/getZoneList`, demo, {
      groupId: String(wf.group_id),
      deviceId: String(wf.id),
    });
    expect(res.data[0]).toMatchObject({ zoneNo: 1, name: '1号棚番茄', areaPointName: '1号日光温室' });
    expect(res.data[8]).toMatchObject({ zoneNo: 9, name: null });
  });
});
