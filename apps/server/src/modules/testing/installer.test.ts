import type { CommandRecord, SendCommandResult, TestingLogin, TestingMessages } from '@farmpark/contracts';
import { Code } from '@farmpark/contracts';
import type { VirtualDevice } from '@farmpark/simulator';
import { beforeAll, expect, it } from 'vitest';
import { listen, provision, simulatedDevice, uniqueSerial, untilOnline, waitFor } from '../../test/devices';
import { describeEachEngine, stopAfterAll } from '../../test/harness';

const T = '/api/testing';

describeEachEngine('device debugging for installers (serial and secret)', (env) => {
  let demo: string;
  let valve: { deviceId: number; serial: string; secret: string; device: VirtualDevice };
  let other: { deviceId: number; serial: string };
  const stop = stopAfterAll();

  beforeAll(async () => {
    const { tcpUrl } = await listen(env());
    demo = await env().login('demo');
    const park = env().ids.parks.farm[0];
    valve = await simulatedDevice(env(), demo, tcpUrl, {
      prefix: 'INS-VC',
      deviceClass: 'valveController',
      groupId: park,
    });
    stop(() => valve.device.stop());
    const otherSerial = uniqueSerial('INS-VC2');
    other = {
      serial: otherSerial,
      ...(await provision(env(), demo, { serial: otherSerial, deviceClass: 'valveController', groupId: park })),
    };
    await untilOnline(env(), valve.deviceId);
  });

  const signIn = (serial: string, password: string) =>
    env().post<TestingLogin>(`${T}/deviceLogin`, undefined, { serial, password });
  const feed = (token: string, startTime?: number) =>
    env().post<TestingMessages>(`${T}/getDeviceMessageList`, undefined, { token, ...(startTime ? { startTime } : {}) });

  it('a wrong secret or an unknown serial gets the same refusal', async () => {
    const wrong = await signIn(valve.serial, 'not-the-secret');
    const unknown = await signIn('NO-SUCH-DEVICE-X', 'whatever');
    expect(wrong.code).toBe(Code.LOGIN_FAILED);
    expect(unknown.code).toBe(Code.LOGIN_FAILED);
    expect(wrong.msg).toBe(unknown.msg);
  });

  it('the token is good for its one device: it watches and commands that device only, and is no session', async () => {
    const login = await signIn(valve.serial, valve.secret);
    expect(login.code, login.msg).toBe(0);
    expect(login.data.device).toMatchObject({ deviceId: valve.deviceId, serial: valve.serial });
    expect(login.data.expiresAt).toBeGreaterThan(Date.now());
    const { token } = login.data;
    expect(token).not.toContain(valve.secret);

    const first = await feed(token);
    expect(first.code, first.msg).toBe(0);
    expect(first.data.device.deviceId).toBe(valve.deviceId);
    const since = Date.now() - 1;

    // naming another device changes nothing: the body has no device, the token decides
    const sent = await env().post<SendCommandResult>(`${T}/sendCommand`, undefined, {
      token,
      deviceId: other.deviceId,
      name: 'setValve',
      params: { valve: 1, on: true },
    });
    expect(sent.code, sent.msg).toBe(0);
    const record = await waitFor('ack', async () => {
      const r = await env().get<CommandRecord>('/api/merchant/command/getCommandDetail', demo, {
        cmdId: sent.data.cmdId,
      });
      return r.data.state === 'succeeded' ? r.data : undefined;
    });
    expect(record).toMatchObject({
      deviceId: valve.deviceId,
      operator: `installer ${valve.serial}`,
      sourceRef: 'testing',
    });
    const ack = await waitFor('ack in the feed', async () =>
      (await feed(token, since)).data.list.find((e) => e.channel === 'ack' && e.payload.includes(sent.data.cmdId)),
    );
    expect(ack.verdict).toBe('accepted');

    // not a console session: every console call refuses it
    for (const url of ['/api/merchant/testing/getDeviceMessageList', '/api/merchant/device/getDeviceList']) {
      const res = await env().get(url, token, { deviceId: String(valve.deviceId) });
      expect(res.code, url).toBe(Code.TOKEN_INVALID);
    }
    // nor a device credential on the device's own HTTP routes
    const upload = await env().call({
      method: 'POST',
      url: '/api/device/uploadImage',
      headers: { 'x-device-serial': valve.serial, 'x-device-secret': token, 'content-type': 'image/png' },
      payload: Buffer.from('x'),
    });
    expect(upload.status).toBe(401);
  });

  it('a made-up token is refused without a forced-logout code', async () => {
    const res = await feed('dbg_made-up-token');
    expect(res.code).toBe(Code.PERMISSION_DENIED);
    const cmd = await env().post(`${T}/sendCommand`, undefined, { token: 'dbg_x', name: 'setValve', params: {} });
    expect(cmd.code).toBe(Code.PERMISSION_DENIED);
  });

  it('a regenerated secret ends the token at once', async () => {
    const secret = await provision(env(), demo, {
      serial: uniqueSerial('INS-RG'),
      deviceClass: 'valveController',
      groupId: env().ids.parks.farm[0],
    });
    const serial = (
      await env().db.selectFrom('devices').select('serial').where('id', '=', secret.deviceId).executeTakeFirstOrThrow()
    ).serial;
    const login = await signIn(serial, secret.secret);
    expect(login.code, login.msg).toBe(0);
    expect((await feed(login.data.token)).code).toBe(0);
    await env().db.updateTable('devices').set({ secret_hash: 'aa:bb' }).where('id', '=', secret.deviceId).execute();
    expect((await feed(login.data.token)).code).toBe(Code.PERMISSION_DENIED);
  });

  it('guessing secrets is slowed down like a console login', async () => {
    const serial = uniqueSerial('INS-GUESS');
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await signIn(serial, `guess-${i}`)).code);
    expect(codes.slice(0, 5).every((c) => c === Code.LOGIN_FAILED)).toBe(true);
    expect(codes).toContain(Code.RATE_LIMITED);
  });
});
