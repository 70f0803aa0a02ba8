import { Code, type IrrigationRun, type Paged } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { provision, uniqueSerial } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';
import { API, csvLines, manualRun } from './testFixture';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const HOUR = 3_600_000;

describeEachEngine('irrigation running record: filters and export', (env) => {
  let demo: string;
  let machine: number;
  let other: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    demo = await env().login('demo');
    const park = env().ids.parks.farm[1];
    machine = (
      await provision(env(), demo, { serial: uniqueSerial('RR-WF'), deviceClass: 'waterFertilizer', groupId: park })
    ).deviceId;
    other = (
      await provision(env(), demo, {
        serial: uniqueSerial('RR-IC'),
        deviceClass: 'irrigationController',
        groupId: park,
      })
    ).deviceId;
    const merchantId = (
      await env().db.selectFrom('groups').select('merchant_id').where('id', '=', park).executeTakeFirstOrThrow()
    ).merchant_id;
    // Runs written as the run service leaves them: the record is a view of these rows.
    const run = async (name: string, deviceId: number, cls: string, r: Record<string, unknown>) => {
      const row = await env()
        .db.insertInto('irrigation_runs')
        .values(
          manualRun({
            merchant_id: merchantId,
            group_id: park,
            device_id: deviceId,
            device_class: cls,
            device_name: `机器 ${name}`,
            device_serial: `S-${name}`,
            state: 'done',
            start_cmd_id: `cmd-${name}`,
            created_at: T0,
            started_at: T0,
            ended_at: T0 + 600_000,
            water_start: 0,
            water_m3: 1.5,
            end_value: null,
            ...r,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
    };
    await run('a', machine, 'waterFertilizer', { zones: '[1,12]' });
    await run('b', machine, 'waterFertilizer', {
      zones: '[2,1]',
      trigger: 'smart',
      trigger_name: '一号棚墒情',
      operator: '',
      state: 'stopped',
      stop_cmd_id: 'stop-b',
      stop_reason: 'aboveStop',
      end_code: 'stopRequested',
      created_at: T0 + HOUR,
      started_at: T0 + HOUR,
      ended_at: T0 + HOUR + 300_000,
    });
    await run('c', machine, 'waterFertilizer', {
      zones: '[12]',
      state: 'failed',
      end_code: 'startOffline',
      started_at: null,
      ended_at: T0 + 2 * HOUR,
      water_m3: null,
      created_at: T0 + 2 * HOUR,
    });
    await run('d', other, 'irrigationController', { zones: '[2]', created_at: T0 + 3 * HOUR });
    const named = await env().post(`${API}/alterZone`, demo, { deviceId: machine, zoneNo: 1, name: '番茄东棚' });
    expect(named.code, named.msg).toBe(0);
  });

  const list = (q: Record<string, string>) =>
    env().get<Paged<IrrigationRun>>(`${API}/getRunList`, demo, { ...q, pageNum: '1', pageSize: '50' });
  const runIds = async (q: Record<string, string>) => {
    const res = await list(q);
    expect(res.code, res.msg).toBe(0);
    return res.data.list.map((r) => r.runId).sort((x, y) => x - y);
  };

  it('filters by machine, zone, trigger, outcome and time', async () => {
    const m = String(machine);
    expect(await runIds({ deviceId: m })).toEqual([ids.a, ids.b, ids.c]);
    // zone 1 is the first or a later zone of a run; zone 12 is not zone 1
    expect(await runIds({ deviceId: m, zone: '1' })).toEqual([ids.a, ids.b]);
    expect(await runIds({ deviceId: m, zone: '12' })).toEqual([ids.a, ids.c]);
    expect(await runIds({ deviceId: m, zone: '2' })).toEqual([ids.b]);
    expect(await runIds({ deviceId: m, trigger: 'smart' })).toEqual([ids.b]);
    expect(await runIds({ deviceId: m, state: 'failed' })).toEqual([ids.c]);
    expect(await runIds({ deviceId: m, startTime: String(T0 + HOUR), endTime: String(T0 + 2 * HOUR) })).toEqual([
      ids.b,
    ]);
    expect(await runIds({ deviceId: String(other) })).toEqual([ids.d]);
    // a cleared select arrives empty and means any
    expect(await runIds({ deviceId: m, zone: '', state: '', trigger: '' })).toEqual([ids.a, ids.b, ids.c]);
    const bad = await list({ zone: '0' });
    expect(bad).toMatchObject({ code: Code.VALIDATION, msg: 'Zone must be at least 1' });
  });

  it('exports the filtered runs as CSV in the reader language, and as XLSX', async () => {
    const query = { deviceId: String(machine), zone: '1', timeZone: 'Asia/Shanghai' };
    const lines = await csvLines(env(), `${API}/exportRunList`, demo, query);
    expect(lines[0]).toBe(
      '编号,设备,设备编号,开始时间,结束时间,分区,用水量(m³),用肥量(L),结果,原因,设备回复,触发,程序/规则,操作人',
    );
    expect(lines).toHaveLength(3);
    // newest first; times in the asked zone; codes phrased
    expect(lines[1]).toContain(
      `${ids.b},机器 b,S-b,2026-11-20 09:00:00,2026-11-20 09:05:00,2区、1区 → 番茄东棚,1.50,,已停止,智能规则停止`,
    );
    expect(lines[1]).toContain('智能规则,一号棚墒情,');
    expect(lines[2]).toContain(`${ids.a},机器 a,S-a,2026-11-20 08:00:00,2026-11-20 08:10:00,1区 → 番茄东棚、12区,`);
    expect(lines[2]).toMatch(/完成,,,手动,,demo$/);

    const en = await env().app.inject({
      method: 'GET',
      url: `${API}/exportRunList`,
      query: { deviceId: String(machine), state: 'failed', format: 'xlsx' },
      headers: { AuthToken: demo, 'Accept-Language': 'en-US' },
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/spreadsheetml/);
    expect(en.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const enCsv = await env().app.inject({
      method: 'GET',
      url: `${API}/exportRunList`,
      query: { deviceId: String(machine), zone: '12' },
      headers: { AuthToken: demo, 'Accept-Language': 'en-US' },
    });
    expect(enCsv.body).toContain('"Zone 1 → 番茄东棚, Zone 12"');

    const refused = await env().get(`${API}/exportRunList`, demo, { groupId: String(env().ids.parks.orchard) });
    expect(refused.code).toBe(Code.NOT_FOUND);
  });
});
