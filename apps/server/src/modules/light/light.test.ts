import { Code, type CommandRecord, type LightDevice, type UpdateLightResult } from '@farmpark/contracts';
import type { VirtualDevice } from '@farmpark/simulator';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { listen, provision, simDevice, uniqueSerial, untilOnline, waitFor } from '../../test/devices';
import { describeEachEngine, stopAfterAll } from '../../test/harness';

const LIST = '/api/merchant/device/getLightDeviceList';
const UPDATE = '/api/merchant/light/updateLight';
const DETAIL = '/api/merchant/command/getCommandDetail';

describeEachEngine('light', (env) => {
  let demo: string;
  let park: number;
  let lamp: { deviceId: number; serial: string; device: VirtualDevice };
  const stop = stopAfterAll();

  beforeAll(async () => {
    const { tcpUrl } = await listen(env());
    demo = await env().login('demo');
    park = env().ids.parks.farm[0];
    const serial = uniqueSerial('LT-IL');
    const p = await provision(env(), demo, { serial, deviceClass: 'insectLamp', groupId: park });
    await env()
      .db.updateTable('devices')
      .set({ longitude: 118.8, latitude: 32.05 })
      .where('id', '=', p.deviceId)
      .execute();
    const device = await simDevice(tcpUrl, { serial, secret: p.secret, deviceClass: 'insectLamp' }, 1_000);
    stop(() => device.stop());
    lamp = { deviceId: p.deviceId, serial, device };
    await untilOnline(env(), p.deviceId, 'lamp online');
  });

  const lamps = async () => (await env().get<LightDevice[]>(LIST, demo, { groupId: String(park) })).data;

  it('lists the park lamps with latest values, position and no work window yet', async () => {
    const mine = await waitFor('lamp readings', async () => {
      const l = (await lamps()).find((d) => d.deviceId === lamp.deviceId);
      return l && 'battery' in l.latest ? l : undefined;
    });
    expect(mine).toMatchObject({ serial: lamp.serial, groupId: park, online: true, longitude: 118.8, latitude: 32.05 });
    expect(mine.workWindow).toBeNull();
    expect(Object.keys(mine.latest)).toEqual(expect.arrayContaining(['lamp', 'mode', 'killCount', 'voltage']));
    const all = await lamps();
    expect(all.every((d) => d.groupId === park)).toBe(true);
  });

  it('renames and sends a work window through the command service; the lamp confirms it', async () => {
    const res = await env().post<UpdateLightResult>(UPDATE, demo, {
      deviceId: lamp.deviceId,
      name: '东区杀虫灯',
      workStart: '19:30',
      workEnd: '23:00',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.device.deviceName).toBe('东区杀虫灯');
    expect(res.data.command?.state).toBe('sent');
    const cmdId = res.data.command!.cmdId;
    const done = await waitFor('ack', async () => {
      const r = (await env().get<CommandRecord>(DETAIL, demo, { cmdId })).data;
      return r.state === 'succeeded' ? r : undefined;
    });
    expect(done).toMatchObject({ name: 'setWorkWindow', params: { start: '19:30', end: '23:00' }, operator: 'demo' });
    const mine = (await lamps()).find((d) => d.deviceId === lamp.deviceId)!;
    expect(mine.workWindow).toEqual({ start: '19:30', end: '23:00' });
    expect(mine.deviceName).toBe('东区杀虫灯');
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const before = (await lamps()).find((d) => d.deviceId === lamp.deviceId)!;
    const half = await env().post(UPDATE, demo, { deviceId: lamp.deviceId, workStart: '20:00' });
    expect(half.code).toBe(Code.VALIDATION);
    expect(fieldsOf(half)).toEqual(['workEnd']);
    const bad = await env().post(UPDATE, demo, {
      deviceId: lamp.deviceId,
      name: 'x',
      workStart: '25:00',
      workEnd: '26:00',
    });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(fieldsOf(bad)).toContain('workStart');
    const nothing = await env().post(UPDATE, demo, { deviceId: lamp.deviceId });
    expect(nothing.code).toBe(Code.VALIDATION);
    const after = (await lamps()).find((d) => d.deviceId === lamp.deviceId)!;
    expect(after.deviceName).toBe(before.deviceName);
    expect(after.workWindow).toEqual(before.workWindow);
  });

  it('only lamps: another class or another merchant is not found', async () => {
    const other = env().ids.devices.farm;
    const cls = await env().db.selectFrom('devices').select('device_class').where('id', '=', other).executeTakeFirst();
    if (cls?.device_class !== 'insectLamp') {
      const res = await env().post(UPDATE, demo, { deviceId: other, name: 'renamed' });
      expect(res.code).toBe(Code.NOT_FOUND);
    }
    const foreign = await env().post(UPDATE, demo, { deviceId: env().ids.devices.orchard, name: 'mine now' });
    expect(foreign.code).toBe(Code.NOT_FOUND);
    const demo2 = await env().login('demo2');
    const list = await env().get(LIST, demo2, { groupId: String(park) });
    expect(list.code).not.toBe(0);
  });
});
