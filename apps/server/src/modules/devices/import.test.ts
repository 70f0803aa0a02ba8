import { Code, DEVICE_MODEL, type ImportResult } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, signedIn } from '../../test/harness';
import { verifySecret } from './credentials';

const IMPORT = '/api/merchant/device/importDevices';

describeEachEngine('device import', (env) => {
  const token = signedIn(env, 'demo', 'operator');
  let parkName: string;
  beforeAll(async () => {
    const park = await env()
      .db.selectFrom('groups')
      .select('name')
      .where('id', '=', env().ids.parks.farm[1])
      .executeTakeFirstOrThrow();
    parkName = park.name;
  });

  it('creates the good rows and reports each bad one with its reason', async () => {
    const valveModel = DEVICE_MODEL.valveController.models[0].model;
    const [p1] = env().ids.parks.farm;
    const orchard = env().ids.parks.orchard;
    const csv = [
      'serial,deviceClass,model,deviceName,park',
      `IMP-0001,valveController,${valveModel},"阀门, 一号",${parkName}`,
      `IMP-0002,weatherStation,,气象站二号,${p1}`,
      `IMP-0001,valveController,,重复序列号,${parkName}`,
      `DF-WF-0001,waterFertilizer,,已注册,${parkName}`,
      `IMP-0003,rocket,,未知类型,${parkName}`,
      `IMP-0004,valveController,,未知园区,不存在的园区`,
      `IMP-0005,valveController,X-9,错误型号,${parkName}`,
      `IMP-0006,valveController,,别人的园区,${orchard}`,
      `bad serial!,valveController,,坏序列号,${parkName}`,
      '',
    ].join('\r\n');
    const res = await env().post<ImportResult>(IMPORT, token.demo, { csv });
    expect(res.code).toBe(0);
    expect(res.data.created).toBe(2);
    expect(res.data.refused).toBe(7);
    const byLine = Object.fromEntries(res.data.rows.map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ ok: true, serial: 'IMP-0001', groupId: env().ids.parks.farm[1] });
    expect(byLine[3]).toMatchObject({ ok: true, serial: 'IMP-0002', groupId: p1 });
    const reason = (line: number) => (byLine[line] as { reason: string }).reason;
    expect(reason(4)).toMatch(/^A device with serial "IMP-0001" is already registered/);
    expect(reason(5)).toMatch(/^A device with serial "DF-WF-0001"/);
    expect(reason(6)).toMatch(/^Device class must be one of /);
    expect(reason(7)).toBe('park: no park "不存在的园区" that you may manage');
    expect(reason(8)).toMatch(/^Model must be one of FM-4/);
    expect(reason(9)).toBe(`park: no park "${orchard}" that you may manage`);
    expect(reason(10)).toMatch(/^Serial may only use letters, digits, _ and -/);

    // created with a working secret, in the named park, with the quoted name intact
    const ok1 = byLine[2] as { deviceId: number; secret: string };
    const row = await env()
      .db.selectFrom('devices')
      .select(['name', 'group_id', 'secret_hash', 'model'])
      .where('id', '=', ok1.deviceId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '阀门, 一号', group_id: env().ids.parks.farm[1], model: valveModel });
    expect(verifySecret(ok1.secret, row.secret_hash!)).toBe(true);
    const refusedSerials = ['IMP-0003', 'IMP-0004', 'IMP-0005', 'IMP-0006'];
    const leaked = await env()
      .db.selectFrom('devices')
      .select('serial')
      .where('serial', 'in', refusedSerials)
      .execute();
    expect(leaked).toEqual([]);
  });

  it('takes JSON rows too, and names a bad header or an empty file', async () => {
    const res = await env().post<ImportResult>(IMPORT, token.demo, {
      rows: [{ serial: 'IMP-J1', deviceClass: 'soilStation', model: '', deviceName: '土壤一号', park: parkName }],
    });
    expect(res.code).toBe(0);
    expect(res.data.rows[0]).toMatchObject({ line: 1, ok: true, serial: 'IMP-J1' });

    const header = await env().post(IMPORT, token.demo, { csv: 'serial,class\nA,B' });
    expect(header.code).toBe(Code.VALIDATION);
    expect(header.msg).toContain('the header line lacks deviceClass, model, deviceName, park');
    const empty = await env().post(IMPORT, token.demo, { csv: 'serial,deviceClass,model,deviceName,park\n' });
    expect(empty).toMatchObject({ code: Code.VALIDATION, msg: 'The file has no device rows' });
    const neither = await env().post(IMPORT, token.demo, {});
    expect(neither.code).toBe(Code.VALIDATION);
    expect(neither.msg).toBe('Fill in either CSV file or device rows, not both');
  });

  it('refuses a user without device management (1004) and logs every row and the import', async () => {
    const denied = await env().post(IMPORT, token.operator, {
      csv: 'serial,deviceClass,model,deviceName,park\nX,Y,,Z,W',
    });
    expect(denied.code).toBe(Code.PERMISSION_DENIED);

    const logs = await env()
      .db.selectFrom('system_log')
      .select(['action', 'target_id', 'result_code', 'detail', 'ip', 'login_name'])
      .where('action', 'in', ['device.add', 'device.import'])
      .execute();
    expect(logs.filter((l) => l.action === 'device.import').map((l) => l.detail)).toContain(
      '2 created, 7 refused of 9',
    );
    const adds = logs.filter((l) => l.action === 'device.add');
    expect(adds.find((l) => l.target_id === 'IMP-0002')?.result_code).toBe(0);
    // refused in the service (taken serial) lands in the log with its code
    expect(adds.some((l) => l.target_id === 'IMP-0001' && l.result_code === Code.CONFLICT)).toBe(true);
    expect(logs.every((l) => l.login_name === 'demo' && l.ip)).toBe(true);
  });

  it('tells the console where devices connect', async () => {
    const res = await env().call<{ host: string; port: number; topicPrefix: string }>({
      method: 'GET',
      url: '/api/merchant/device/getDeviceBroker',
      token: token.demo,
      headers: { host: 'farm.example:8080' },
    });
    expect(res.data).toEqual({
      host: 'farm.example',
      port: env().config.mqttPort,
      tls: false,
      topicPrefix: 'dev/{serial}/',
    });
    expect((await env().get('/api/merchant/device/getDeviceBroker', token.operator)).code).toBe(Code.PERMISSION_DENIED);
  });
});
