import type { AddressInfo } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { provision, uniqueSerial, waitFor } from '../test/devices';
import { describeEachEngine } from '../test/harness';
import { clientIdOwner } from './clientIds';

const opts: IClientOptions = { reconnectPeriod: 0, connectTimeout: 5000 };
const IDENTIFIER_REJECTED = /Identifier rejected/i;

describeEachEngine('MQTT client ids belong to one identity', (env) => {
  let tcpUrl: string;
  let wsUrl: string;
  const clients: MqttClient[] = [];
  const devices: Record<'a' | 'b' | 'aLonger', { serial: string; secret: string; deviceId: number }> = {} as never;

  const track = async (p: Promise<MqttClient>) => {
    const c = await p;
    clients.push(c);
    return c;
  };
  const device = (d: { serial: string; secret: string }, clientId: string, extra: IClientOptions = {}) =>
    track(mqtt.connectAsync(tcpUrl, { ...opts, ...extra, clientId, username: d.serial, password: d.secret }));
  const consoleAs = async (login: 'demo' | 'demo2', clientId: string) =>
    track(
      mqtt.connectAsync(wsUrl, {
        ...opts,
        clientId,
        username: `u${env().ids.users[login]}`,
        password: await env().login(login),
      }),
    );
  const online = async (deviceId: number) =>
    (await env().db.selectFrom('devices').select('online').where('id', '=', deviceId).executeTakeFirstOrThrow()).online;

  beforeAll(async () => {
    await env().app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(env().app.server.address() as AddressInfo).port}/mqtt`;
    tcpUrl = `mqtt://127.0.0.1:${((await env().broker.listenTcp(0, '127.0.0.1')).address() as AddressInfo).port}`;
    const token = await env().login('demo');
    const a = uniqueSerial('CIDA');
    // A serial that extends A's: A must not be able to claim ids under it.
    for (const [key, serial] of [
      ['a', a],
      ['b', uniqueSerial('CIDB')],
      ['aLonger', `${a}-1`],
    ] as const) {
      const p = await provision(env(), token, {
        serial,
        deviceClass: 'weatherStation',
        groupId: env().ids.parks.farm[0],
      });
      devices[key] = { serial, ...p };
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  it('names the owner of an id: the longest registered serial it extends, else the console user', async () => {
    const { a, aLonger } = devices;
    expect(await clientIdOwner(env().db, a.serial)).toEqual({ kind: 'device', serial: a.serial });
    expect(await clientIdOwner(env().db, `${a.serial}_x`)).toEqual({ kind: 'device', serial: a.serial });
    expect(await clientIdOwner(env().db, `${a.serial}-1-x`)).toEqual({ kind: 'device', serial: aLonger.serial });
    expect(await clientIdOwner(env().db, `${a.serial}1`)).toBeNull();
    expect(await clientIdOwner(env().db, 'u12_web_abc')).toEqual({ kind: 'user', userId: 12 });
    expect(await clientIdOwner(env().db, 'u12')).toBeNull();
    expect(await clientIdOwner(env().db, 'mqttjs_1234')).toBeNull();
  });

  it("refuses device B on device A's client id: A stays connected, its will is not sent, it stays online", async () => {
    const { a, b, aLonger } = devices;
    const status = `dev/${a.serial}/up/status`;
    const first = await device(a, a.serial, {
      will: {
        topic: status,
        payload: Buffer.from(JSON.stringify({ online: false, ts: Date.now() })),
        qos: 1,
        retain: true,
      },
    });
    await first.publishAsync(status, JSON.stringify({ online: true, ts: Date.now() }), { qos: 1, retain: true });
    await waitFor('A online', async () => (await online(a.deviceId)) === 1);

    await expect(device(b, a.serial)).rejects.toThrow(IDENTIFIER_REJECTED);
    await expect(device(b, `${a.serial}-x`)).rejects.toThrow(IDENTIFIER_REJECTED);
    // A serial that is a prefix of another device's does not reach into that device's ids.
    await expect(device(a, `${aLonger.serial}-x`)).rejects.toThrow(IDENTIFIER_REJECTED);
    await expect(device(b, 'mqttjs_0123abcd')).rejects.toThrow(IDENTIFIER_REJECTED);

    await new Promise((r) => setTimeout(r, 300));
    expect(first.connected).toBe(true);
    expect(await online(a.deviceId)).toBe(1);
    // Its own second connection may take the id over (a reconnect), as MQTT says.
    await device(a, `${a.serial}_spare`);
  });

  it("refuses a console on a device's or another user's client id, and a device on a console's", async () => {
    const { a } = devices;
    const demo = `u${env().ids.users.demo}`;
    const mine = await consoleAs('demo', `${demo}_web_0001`);
    await expect(consoleAs('demo', a.serial)).rejects.toThrow(IDENTIFIER_REJECTED);
    await expect(consoleAs('demo2', `${demo}_web_0001`)).rejects.toThrow(IDENTIFIER_REJECTED);
    await expect(consoleAs('demo', 'web_0123456789abcdef')).rejects.toThrow(IDENTIFIER_REJECTED);
    await expect(device(a, `${demo}_web_0001`)).rejects.toThrow(IDENTIFIER_REJECTED);
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.connected).toBe(true);
  });

  it('lets a client without an id in (the broker makes one up that nobody else can present)', async () => {
    const c = await device(devices.b, '', { clean: true });
    expect(c.connected).toBe(true);
  });
});
