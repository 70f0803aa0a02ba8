import { Code, type DeviceInfo, type DeviceWithSecret, type Paged } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine, signedIn } from '../../test/harness';
import { verifySecret } from './credentials';

const BASE = '/api/merchant/device';

describeEachEngine('device management', (env) => {
  const token = signedIn(env, 'demo', 'operator', 'demo2');

  const add = (who: string, body: Record<string, unknown>, form = false) =>
    env().post<DeviceWithSecret>(`${BASE}/addDevice`, who, body, form);
  const storedHash = async (deviceId: number) =>
    (await env().db.selectFrom('devices').select('secret_hash').where('id', '=', deviceId).executeTakeFirstOrThrow())
      .secret_hash;

  it('adds a device and shows its secret once, storing only a salted hash', async () => {
    const [park1] = env().ids.parks.farm;
    const res = await add(
      token.demo,
      {
        serial: 'T-VC-100',
        deviceClass: 'valveController',
        groupId: String(park1),
        deviceName: ' 测试阀门 ',
        longitude: '118.79',
      },
      true,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.data.device).toMatchObject({
      serial: 'T-VC-100',
      deviceName: '测试阀门',
      deviceClass: 'valveController',
      model: 'FM-4',
      groupId: park1,
      online: false,
      hasSecret: true,
      longitude: 118.79,
      reportIntervalMs: 60_000,
    });
    const hash = await storedHash(res.data.device.deviceId);
    expect(hash).not.toContain(res.data.secret);
    expect(verifySecret(res.data.secret, hash)).toBe(true);
    expect(verifySecret(`${res.data.secret}x`, hash)).toBe(false);

    const detail = await env().get<DeviceInfo & { secret?: string }>(`${BASE}/getDeviceDetail`, token.demo, {
      deviceId: String(res.data.device.deviceId),
    });
    expect(detail.code).toBe(0);
    expect(JSON.stringify(detail.data)).not.toContain(res.data.secret);

    const log = await env()
      .db.selectFrom('system_log')
      .selectAll()
      .where('action', '=', 'device.add')
      .where('result', '=', 'ok')
      .execute();
    expect(log.map((l) => l.target_id)).toContain('T-VC-100');
  });

  it('refuses bad input naming the field, and a taken serial with 1006; nothing is stored', async () => {
    const [park1] = env().ids.parks.farm;
    const base = { serial: 'T-BAD-1', deviceClass: 'valveController', groupId: park1, deviceName: 'x' };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...base, serial: 'has space' }, Code.VALIDATION, /^Serial may only use letters, digits, _ and -/],
      [{ ...base, serial: 'u12' }, Code.VALIDATION, /^Serial cannot be "u" followed by digits/],
      [{ ...base, deviceClass: 'toaster' }, Code.VALIDATION, /^Device class must be one of /],
      [{ ...base, model: 'QX-8' }, Code.VALIDATION, /^Model must be one of FM-4$/],
      [{ ...base, deviceName: '  ' }, Code.VALIDATION, /^Device name is required/],
      [{ ...base, reportIntervalMs: 10 }, Code.VALIDATION, /^Report interval must be at least 1000/],
      [{ ...base, serial: 'DF-WS-0001' }, Code.CONFLICT, /^A device with serial "DF-WS-0001" is already registered/],
      [{ ...base, groupId: env().ids.parks.orchard }, Code.NOT_FOUND, /groupId/],
    ];
    for (const [body, code, msg] of cases) {
      const res = await add(token.demo, body);
      expect(res.code, JSON.stringify(body)).toBe(code);
      expect(res.msg).toMatch(msg);
    }
    expect(await env().db.selectFrom('devices').select('id').where('serial', '=', 'T-BAD-1').execute()).toEqual([]);
    // Another merchant's serial: refused like any serial that cannot be registered, owner unsaid.
    const foreign = await add(token.demo2, { ...base, serial: 'DF-WS-0001', groupId: env().ids.parks.orchard });
    expect(foreign.code).toBe(Code.VALIDATION);
    expect(foreign.msg).toBe('"DF-WS-0001" cannot be registered; check the serial on the device');
  });

  it('needs the device management permission', async () => {
    const res = await env().get(`${BASE}/getDeviceList`, token.operator);
    expect(res.code).toBe(Code.PERMISSION_DENIED);
  });

  it('lists devices paged, with filters, only of the caller merchant', async () => {
    const [park1, park2] = env().ids.parks.farm;
    const list = (q: Record<string, string>, who = token.demo) =>
      env().get<Paged<DeviceInfo>>(`${BASE}/getDeviceList`, who, q);
    const all = await list({ pageNum: '1', pageSize: '500' });
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(all.data.list.length);
    expect(all.data.list.every((d) => d.serial.startsWith('DF-') || d.serial.startsWith('T-'))).toBe(true);

    const page2 = await list({ pageNum: '2', pageSize: '3' });
    expect(page2.data.list.map((d) => d.deviceId)).toEqual(all.data.list.slice(3, 6).map((d) => d.deviceId));
    expect(page2.data).toMatchObject({ total: all.data.total, pageNum: 2, pageSize: 3 });

    const inPark2 = await list({ groupId: String(park2) });
    expect(inPark2.data.list.length).toBeGreaterThan(0);
    expect(inPark2.data.list.every((d) => d.groupId === park2)).toBe(true);

    const soil = await list({ deviceClass: 'soilStation' });
    expect(soil.data.list.every((d) => d.deviceClass === 'soilStation')).toBe(true);
    expect(soil.data.total).toBe(all.data.list.filter((d) => d.deviceClass === 'soilStation').length);

    const kw = await list({ keyword: 't-vc' });
    expect(kw.data.list.map((d) => d.serial)).toEqual(['T-VC-100']);
    const byName = await list({ keyword: '测试阀' });
    expect(byName.data.list.map((d) => d.serial)).toEqual(['T-VC-100']);
    const pct = await list({ keyword: '%' });
    expect(pct.data.total).toBe(0);

    const offline = await list({ online: '0', pageSize: '500' });
    expect(offline.data.total).toBe(all.data.total - all.data.list.filter((d) => d.online).length);

    expect((await list({ groupId: String(env().ids.parks.orchard) })).code).toBe(Code.NOT_FOUND);
    const other = await list({}, token.demo2);
    expect(other.data.list.every((d) => d.serial.startsWith('GV-'))).toBe(true);
    expect(park1).toBeGreaterThan(0);
  });

  it('alters a device, keeping its class and serial', async () => {
    const id = await deviceId('T-VC-100');
    const res = await env().post<DeviceInfo>(`${BASE}/alterDevice`, token.demo, {
      deviceId: id,
      deviceName: '改名阀门',
      reportIntervalMs: 30_000,
      remark: 'east gate',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      deviceName: '改名阀门',
      reportIntervalMs: 30_000,
      remark: 'east gate',
      serial: 'T-VC-100',
    });
    const bad = await env().post(`${BASE}/alterDevice`, token.demo, { deviceId: id, deviceName: 'x', model: 'ZN-8' });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(bad.msg).toMatch(/model must be one of FM-4/);
    expect((await env().post(`${BASE}/alterDevice`, token.demo2, { deviceId: id, deviceName: 'stolen' })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('moves devices to another allowed park, refusing foreign parks and devices', async () => {
    const [, park2] = env().ids.parks.farm;
    const id = await deviceId('T-VC-100');
    const moved = await env().post<DeviceInfo[]>(`${BASE}/alterDeviceGroup`, token.demo, {
      deviceId: [id],
      groupId: park2,
    });
    expect(moved.code, moved.msg).toBe(0);
    expect(moved.data[0]).toMatchObject({ deviceId: id, groupId: park2 });
    const foreignPark = await env().post(`${BASE}/alterDeviceGroup`, token.demo, {
      deviceId: String(id),
      groupId: env().ids.parks.orchard,
    });
    expect(foreignPark.code).toBe(Code.NOT_FOUND);
    const foreignDevice = await env().post(`${BASE}/alterDeviceGroup`, token.demo2, {
      deviceId: String(id),
      groupId: env().ids.parks.orchard,
    });
    expect(foreignDevice.code).toBe(Code.NOT_FOUND);
    const row = await env().db.selectFrom('devices').select('group_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.group_id).toBe(park2);
  });

  it('regenerates a secret: the old one stops matching at once', async () => {
    const id = await deviceId('T-VC-100');
    const before = await storedHash(id);
    const res = await env().post<DeviceWithSecret>(`${BASE}/regenerateDeviceSecret`, token.demo, { deviceId: id });
    expect(res.code).toBe(0);
    const after = await storedHash(id);
    expect(after).not.toBe(before);
    expect(verifySecret(res.data.secret, after)).toBe(true);
    expect((await env().post(`${BASE}/regenerateDeviceSecret`, token.demo2, { deviceId: id })).code).toBe(
      Code.NOT_FOUND,
    );
    expect(await storedHash(id)).toBe(after);
  });

  it('removes devices all or nothing', async () => {
    const id = await deviceId('T-VC-100');
    const mixed = await env().post(`${BASE}/removeDevice`, token.demo, {
      deviceId: `${id},${env().ids.devices.orchard}`,
    });
    expect(mixed.code).toBe(Code.NOT_FOUND);
    expect(await deviceId('T-VC-100')).toBe(id);
    const ok = await env().post<{ removed: number }>(
      `${BASE}/removeDevice`,
      token.demo,
      { deviceId: String(id) },
      true,
    );
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.removed).toBe(1);
    expect(await env().db.selectFrom('devices').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  async function deviceId(serial: string): Promise<number> {
    return (await env().db.selectFrom('devices').select('id').where('serial', '=', serial).executeTakeFirstOrThrow())
      .id;
  }
});
