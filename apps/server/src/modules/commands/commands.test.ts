import {
  Code,
  type CommandRecord,
  deviceTopic,
  type Paged,
  type SendCommandResult,
  webTopic,
} from '@farmpark/contracts';
import type { VirtualDevice } from '@farmpark/simulator';
import mqtt from 'mqtt';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { browser, listen, provision, simulatedDevice, uniqueSerial, untilOnline, waitFor } from '../../test/devices';
import { describeEachEngine, stopAfterAll } from '../../test/harness';
import { csvLines } from '../irrigation/testFixture';

const SEND = '/api/merchant/command/sendCommand';
const LIST = '/api/merchant/command/getCommandList';
const DETAIL = '/api/merchant/command/getCommandDetail';

describeEachEngine('commands', (env) => {
  let demo: string;
  let valve: { deviceId: number; serial: string; secret: string; device: VirtualDevice };
  let tcpUrl: string;
  let console_: Awaited<ReturnType<typeof browser>>;
  const stop = stopAfterAll();

  beforeAll(async () => {
    const urls = await listen(env());
    tcpUrl = urls.tcpUrl;
    const { wsUrl } = urls;
    demo = await env().login('demo');
    const park = env().ids.parks.farm[0];
    valve = await simulatedDevice(env(), demo, tcpUrl, {
      prefix: 'CMD-VC',
      deviceClass: 'valveController',
      groupId: park,
    });
    stop(() => valve.device.stop());
    console_ = await browser(env(), wsUrl, 'demo');
    stop(() => console_.client.endAsync(true));
    await console_.client.subscribeAsync(webTopic(env().ids.merchant.farm, park, 'cmd'), { qos: 1 });
    await untilOnline(env(), valve.deviceId);
  });

  const record = async (cmdId: string) => (await env().get<CommandRecord>(DETAIL, demo, { cmdId })).data;
  const statesOf = (cmdId: string) =>
    console_.messages.filter((m) => m.payload.cmdId === cmdId).map((m) => m.payload.state);

  it('sends a command, the device obeys and acks; every state reaches the console', async () => {
    const res = await env().post<SendCommandResult>(SEND, demo, {
      deviceId: valve.deviceId,
      name: 'setValve',
      params: { valve: 2, on: true },
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.state).toBe('sent');
    const done = await waitFor('ack', async () => {
      const r = await record(res.data.cmdId);
      return r.state === 'succeeded' ? r : undefined;
    });
    expect(done).toMatchObject({
      name: 'setValve',
      params: { valve: 2, on: true },
      operator: 'demo',
      source: 'manual',
      serial: valve.serial,
      reason: '',
    });
    expect(done.responseMs).toBeGreaterThanOrEqual(0);
    expect(done.ackedAt).toBeGreaterThanOrEqual(done.sentAt ?? Infinity);
    await waitFor('valve 2 open', () => valve.device.state.valve2 === 1);
    await waitFor('web/cmd states', () => statesOf(res.data.cmdId).length === 3);
    expect(statesOf(res.data.cmdId)).toEqual(['queued', 'sent', 'succeeded']);
    const log = await env()
      .db.selectFrom('system_log')
      .select('action')
      .where('target_id', '=', res.data.cmdId)
      .execute();
    expect(log.map((l) => l.action).sort()).toEqual(['command.queued', 'command.sent', 'command.succeeded']);
  });

  it('records a failure with the device reason', async () => {
    valve.device.setFault('valve 1 coil open circuit');
    try {
      const res = await env().post<SendCommandResult>(
        SEND,
        demo,
        { deviceId: valve.deviceId, name: 'setValve', params: { valve: 1, on: true } },
        false,
      );
      expect(res.code).toBe(0);
      const r = await waitFor('failure', async () => {
        const x = await record(res.data.cmdId);
        return x.state === 'failed' ? x : undefined;
      });
      expect(r.reason).toBe('valve 1 coil open circuit');
      await waitFor('web failed', () => statesOf(res.data.cmdId).includes('failed'));
    } finally {
      valve.device.setFault(null);
    }
  });

  it('times out a command without an answer, from the database; a late ack is recorded but does not flip it', async () => {
    valve.device.silence(true);
    let cmdId: string;
    try {
      const res = await env().post<SendCommandResult>(
        SEND,
        demo,
        { deviceId: valve.deviceId, name: 'setValve', params: '{"valve":3,"on":true}' },
        true,
      );
      expect(res.code, res.msg).toBe(0);
      cmdId = res.data.cmdId;
      expect(await env().devices.commands.expire()).toBe(0); // not yet due
      // As if the server had been down for a while: only the stored sent_at matters.
      await env()
        .db.updateTable('commands')
        .set({ sent_at: Date.now() - 16_000 })
        .where('cmd_id', '=', cmdId)
        .execute();
      expect(await env().devices.commands.expire()).toBe(1);
    } finally {
      valve.device.silence(false);
    }
    const timedOut = await record(cmdId);
    expect(timedOut.state).toBe('timedOut');
    expect(timedOut.reason).toMatch(/no answer from the device within 15 s/);
    await waitFor('web timedOut', () => statesOf(cmdId).includes('timedOut'));

    // the device answers late
    await publishAsDevice(valve.serial, valve.secret, { cmdId, ok: true, ts: Date.now() });
    const after = await waitFor('late ack recorded', async () => {
      const r = await record(cmdId);
      return r.ackedAt !== null ? r : undefined;
    });
    expect(after.state).toBe('timedOut');
    expect(after.reason).toMatch(/late answer after \d+\.\d s: ok/);
  });

  it('fails at once for an offline device (1003), recording why', async () => {
    const serial = uniqueSerial('CMD-OFF');
    const { deviceId } = await provision(env(), demo, {
      serial,
      deviceClass: 'insectLamp',
      groupId: env().ids.parks.farm[0],
    });
    const res = await env().post(SEND, demo, { deviceId, name: 'setLamp', params: { on: true } });
    expect(res.code).toBe(Code.DEVICE_OPERATION_FAILED);
    expect(res.msg).toMatch(/offline/);
    const list = await env().get<Paged<CommandRecord>>(LIST, demo, { deviceId: String(deviceId) });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ state: 'failed', reason: 'device offline', name: 'setLamp' });
  });

  it('validates the command name and params against the class, naming the field', async () => {
    const unknown = await env().post(SEND, demo, { deviceId: valve.deviceId, name: 'launch', params: {} });
    expect(unknown.code).toBe(Code.VALIDATION);
    expect(unknown.msg).toBe('Name: valveController has no command "launch"; it has setValve');
    const bad = await env().post(SEND, demo, {
      deviceId: valve.deviceId,
      name: 'setValve',
      params: { valve: 9, on: true },
    });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(bad.msg).toBe('Valve must be at most 4');
    expect(bad.data).toEqual([{ field: 'params.valve', rule: 'max', params: { max: 4 } }]);
    const notJson = await env().post(
      SEND,
      demo,
      { deviceId: String(valve.deviceId), name: 'setValve', params: '{valve' },
      true,
    );
    expect(notJson.code).toBe(Code.VALIDATION);
    expect(notJson.msg).toBe('Command parameters is not readable');
    expect(fieldsOf(notJson)).toEqual(['params']);
    const count = await env()
      .db.selectFrom('commands')
      .select('id')
      .where('device_id', '=', valve.deviceId)
      .where('name', '=', 'launch')
      .execute();
    expect(count).toEqual([]);
  });

  it('checks the park (1005) and the class permission (1004)', async () => {
    const operator = await env().login('operator');
    // park 1 is not the operator's
    expect(
      (await env().post(SEND, operator, { deviceId: valve.deviceId, name: 'setValve', params: { valve: 1, on: true } }))
        .code,
    ).toBe(Code.NOT_FOUND);
    expect(
      (
        await env().post(SEND, await env().login('demo2'), {
          deviceId: valve.deviceId,
          name: 'setValve',
          params: { valve: 1, on: true },
        })
      ).code,
    ).toBe(Code.NOT_FOUND);
    // a lamp in the operator's park: the operator's role has no plant-protection pages
    const serial = uniqueSerial('CMD-LAMP');
    const lamp = await provision(env(), demo, { serial, deviceClass: 'insectLamp', groupId: env().ids.parks.farm[1] });
    const res = await env().post(SEND, operator, { deviceId: lamp.deviceId, name: 'setLamp', params: { on: true } });
    expect(res.code).toBe(Code.PERMISSION_DENIED);
    // ... and its operation record hides lamp commands from the operator
    const list = await env().get<Paged<CommandRecord>>(LIST, operator, { pageSize: '500' });
    expect(list.code).toBe(0);
    expect(list.data.list.every((c) => c.deviceClass !== 'insectLamp')).toBe(true);
    expect((await env().get(LIST, operator, { deviceClass: 'insectLamp' })).code).toBe(Code.PERMISSION_DENIED);
  });

  it('does not let one device settle another device command', async () => {
    valve.device.silence(true);
    try {
      const silent = await env().post<SendCommandResult>(SEND, demo, {
        deviceId: valve.deviceId,
        name: 'setValve',
        params: { valve: 4, on: true },
      });
      expect(silent.data.state).toBe('sent');
      const other = uniqueSerial('CMD-OTHER');
      const o = await provision(env(), demo, {
        serial: other,
        deviceClass: 'valveController',
        groupId: env().ids.parks.farm[0],
      });
      const refusedBefore = env().bus.failures.ack;
      await publishAsDevice(other, o.secret, { cmdId: silent.data.cmdId, ok: true, ts: Date.now() });
      expect(env().bus.failures.ack).toBe(refusedBefore + 1);
      expect((await record(silent.data.cmdId)).state).toBe('sent');
      // the right device settles it
      await publishAsDevice(valve.serial, valve.secret, {
        cmdId: silent.data.cmdId,
        ok: false,
        reason: 'manual override',
        ts: Date.now(),
      });
      expect(await record(silent.data.cmdId)).toMatchObject({ state: 'failed', reason: 'manual override' });
    } finally {
      valve.device.silence(false);
    }
  });

  it('lists and filters the operation record, and exports it as CSV', async () => {
    const q = (p: Record<string, string>) => env().get<Paged<CommandRecord>>(LIST, demo, p);
    const all = await q({ deviceId: String(valve.deviceId), pageSize: '100' });
    expect(all.data.total).toBeGreaterThanOrEqual(4);
    expect(all.data.list[0].createdAt).toBeGreaterThanOrEqual(all.data.list.at(-1)!.createdAt);
    expect(
      (await q({ deviceId: String(valve.deviceId), state: 'failed' })).data.list.every((c) => c.state === 'failed'),
    ).toBe(true);
    expect((await q({ keyword: valve.serial.toLowerCase() })).data.total).toBe(all.data.total);
    expect((await q({ startTime: String(Date.now() + 60_000) })).data.total).toBe(0);
    const bad = await q({ startTime: 'yesterday' });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(bad.msg).toBe('Start time must be a date and time');
    expect((await q({ startTime: '2030-01-02 00:00:00', endTime: '2030-01-01 00:00:00' })).msg).toBe(
      'End time cannot be before start time',
    );

    const query = { deviceId: String(valve.deviceId) };
    const lines = await csvLines(env(), '/api/merchant/command/exportCommandList', demo, query);
    expect(lines[0]).toMatch(/^时间,操作人,来源,设备编号/);
    expect(lines).toHaveLength(all.data.total + 1);
    expect(lines.slice(1).every((l) => l.includes(valve.serial))).toBe(true);
    // the command phrased as the record page shows it: no JSON, no ON/OFF in a Chinese file
    expect(lines[0]).toContain(',指令,结果,');
    expect(lines.slice(1).some((l) => /\d号阀门：[开关]/.test(l))).toBe(true);
    expect(lines.slice(1).every((l) => !/[{}]|\bON\b|\bOFF\b|true|false/.test(l))).toBe(true);
    const refused = await env().get('/api/merchant/command/exportCommandList', demo, {
      groupId: String(env().ids.parks.orchard),
    });
    expect(refused.code).toBe(Code.NOT_FOUND);
  });

  /** Publishes an ack as a device over MQTT (a second connection with the device's credentials). */
  async function publishAsDevice(serial: string, secret: string, ack: Record<string, unknown>) {
    const c = await mqtt.connectAsync(tcpUrl, {
      username: serial,
      password: secret,
      clientId: `${serial}-ack`,
      reconnectPeriod: 0,
    });
    // QoS 1: the PUBACK comes after the server handled the ack
    await c.publishAsync(deviceTopic.ack(serial), JSON.stringify(ack), { qos: 1 });
    await c.endAsync();
  }
});
