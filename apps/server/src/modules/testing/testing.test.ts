import {
  Code,
  type CommandRecord,
  type Paged,
  type SendCommandResult,
  type TapEntry,
  type TestingDevice,
  type TestingMessages,
} from '@farmpark/contracts';
import type { VirtualDevice } from '@farmpark/simulator';
import { beforeAll, expect, it } from 'vitest';
import {
  listen,
  provision,
  sendReadings,
  simulatedDevice,
  uniqueSerial,
  untilOnline,
  waitFor,
} from '../../test/devices';
import { describeEachEngine, stopAfterAll } from '../../test/harness';

const M = '/api/merchant/testing';

describeEachEngine('device debugging for console users', (env) => {
  let demo: string;
  let valve: { deviceId: number; serial: string; device: VirtualDevice };
  const stop = stopAfterAll();

  beforeAll(async () => {
    const { tcpUrl } = await listen(env());
    demo = await env().login('demo');
    valve = await simulatedDevice(env(), demo, tcpUrl, {
      prefix: 'DBG-VC',
      deviceClass: 'valveController',
      groupId: env().ids.parks.farm[0],
    });
    stop(() => valve.device.stop());
    await untilOnline(env(), valve.deviceId);
  });

  const feed = (token: string, deviceId: number, startTime?: number) =>
    env().get<TestingMessages>(`${M}/getDeviceMessageList`, token, {
      deviceId: String(deviceId),
      ...(startTime ? { startTime: String(startTime) } : {}),
    });
  const station = () =>
    env()
      .db.selectFrom('devices')
      .select(['id', 'serial', 'group_id'])
      .where('serial', '=', 'DF-WS-0001')
      .executeTakeFirstOrThrow();
  const telemetry = (serial: string, values: Record<string, number>) =>
    sendReadings(env(), serial, [{ ts: Date.now(), values }]);

  it('lists the devices of a park the user may see, and refuses another merchant park', async () => {
    const park = env().ids.parks.farm[0];
    const res = await env().get<Paged<TestingDevice>>(`${M}/getDeviceList`, demo, {
      groupId: String(park),
      keyword: 'DBG-VC',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.list.map((d) => d.serial)).toContain(valve.serial);
    expect(res.data.list.every((d) => d.groupId === park)).toBe(true);
    const orchard = await env().login('demo2');
    const foreign = await env().get(`${M}/getDeviceList`, orchard, { groupId: String(park) });
    expect(foreign.code).toBe(Code.NOT_FOUND);
  });

  it('a refused telemetry message shows as refused with its reason, an accepted one as accepted', async () => {
    const ws = await station();
    const first = await feed(demo, ws.id);
    expect(first.code, first.msg).toBe(0);
    expect(first.data.device).toMatchObject({ serial: 'DF-WS-0001', timeZone: 'Asia/Shanghai' });
    const since = Date.now() - 1;
    await telemetry(ws.serial, { airTemp: 999 });
    await telemetry(ws.serial, { airTemp: 21.5 });
    const list = await waitFor('both messages', async () => {
      const r = await feed(demo, ws.id, since);
      const up = r.data.list.filter((e) => e.direction === 'up' && e.channel === 'telemetry');
      return up.length >= 2 ? up : undefined;
    });
    const refused = list.find((e) => e.payload.includes('999')) as TapEntry;
    expect(refused).toMatchObject({ verdict: 'refused', refusal: 'outOfRange', topic: 'dev/DF-WS-0001/up/telemetry' });
    expect(refused.reason).toContain('airTemp=999');
    expect(list.find((e) => e.payload.includes('21.5'))).toMatchObject({ verdict: 'accepted', refusal: null });
    // the cursor is exact: after the one before the newest comes the newest, and nothing older
    const last = list[list.length - 1];
    const again = await feed(demo, ws.id, last.at - 1);
    expect(again.data.list.map((e) => e.seq)).toEqual([last.seq]);
    // with nothing new the answer waits for the next message and brings it at once
    const held = feed(demo, ws.id, last.at);
    await new Promise((r) => setTimeout(r, 300));
    const sentAt = Date.now();
    await telemetry(ws.serial, { airTemp: 22 });
    const next = await held;
    expect(next.data.list.map((e) => e.payload)).toEqual([expect.stringContaining('"airTemp":22')]);
    expect(Date.now() - sentAt).toBeLessThan(1000);
  });

  it('a command through the page is recorded by the command service and its acknowledgement appears', async () => {
    await feed(demo, valve.deviceId); // starts watching
    const since = Date.now() - 1;
    const res = await env().post<SendCommandResult>(`${M}/sendCommand`, demo, {
      deviceId: valve.deviceId,
      name: 'setValve',
      params: { valve: 3, on: true },
    });
    expect(res.code, res.msg).toBe(0);
    const entries = await waitFor('command and ack in the feed', async () => {
      const r = await feed(demo, valve.deviceId, since);
      const cmd = r.data.list.find((e) => e.channel === 'cmd' && e.payload.includes(res.data.cmdId));
      const ack = r.data.list.find((e) => e.channel === 'ack' && e.payload.includes(res.data.cmdId));
      return cmd && ack ? { cmd, ack } : undefined;
    });
    expect(entries.cmd).toMatchObject({ direction: 'down', verdict: 'sent', topic: `dev/${valve.serial}/down/cmd` });
    expect(entries.ack).toMatchObject({ direction: 'up', verdict: 'accepted' });
    expect(JSON.parse(entries.ack.payload)).toMatchObject({ cmdId: res.data.cmdId, ok: true });
    const record = await env().get<CommandRecord>('/api/merchant/command/getCommandDetail', demo, {
      cmdId: res.data.cmdId,
    });
    expect(record.data).toMatchObject({ state: 'succeeded', operator: 'demo', sourceRef: 'testing', name: 'setValve' });
  });

  it('a command the protocol does not have is refused before anything is sent', async () => {
    const res = await env().post(`${M}/sendCommand`, demo, {
      deviceId: valve.deviceId,
      name: 'photograph',
      params: {},
    });
    expect(res.code).toBe(Code.VALIDATION);
    expect(res.msg).toContain('setValve');
  });

  it('another merchant may not watch or command the device; a role without its class may not either', async () => {
    const orchard = await env().login('demo2');
    expect((await feed(orchard, valve.deviceId)).code).toBe(Code.NOT_FOUND);
    const cmd = await env().post(`${M}/sendCommand`, orchard, {
      deviceId: valve.deviceId,
      name: 'setValve',
      params: {},
    });
    expect(cmd.code).toBe(Code.NOT_FOUND);

    // the operator sees one park and no pest traps: a trap in that park is refused for its class
    const operator = await env().login('operator');
    const opPark = env().ids.parks.farm[1];
    const trap = await provision(env(), demo, {
      serial: uniqueSerial('DBG-IT'),
      deviceClass: 'insectTrap',
      groupId: opPark,
    });
    expect((await feed(operator, trap.deviceId)).code).toBe(Code.PERMISSION_DENIED);
    const list = await env().get<Paged<TestingDevice>>(`${M}/getDeviceList`, operator, { groupId: String(opPark) });
    expect(list.data.list.some((d) => d.deviceClass === 'insectTrap')).toBe(false);
    // ...and a device of a park it does not see is not found
    expect((await feed(operator, valve.deviceId)).code).toBe(Code.NOT_FOUND);
  });
});
