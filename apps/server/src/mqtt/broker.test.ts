import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Code, userTopic, webTopic } from '@farmpark/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashSecret } from '../modules/devices/credentials';
import { describeEachEngine } from '../test/harness';

/** Resolves with the messages seen on a client for `ms` milliseconds. */
function collect(client: MqttClient, ms: number): Promise<{ topic: string; payload: unknown }[]> {
  const seen: { topic: string; payload: unknown }[] = [];
  const on = (topic: string, payload: Buffer) => seen.push({ topic, payload: JSON.parse(payload.toString()) });
  client.on('message', on);
  return new Promise((resolve) =>
    setTimeout(() => {
      client.off('message', on);
      resolve(seen);
    }, ms),
  );
}

/** The granted QoS per topic; mqtt.js rejects a SUBACK holding a refusal (128), so read it from the error too. */
async function suback(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topics, { qos: 1 })).map((g) => g.qos);
  } catch (err) {
    const granted = (err as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted;
    if (!granted) throw err;
    return granted.map((g) => (typeof g === 'number' ? g : g.qos));
  }
}

describeEachEngine('mqtt broker', (env) => {
  let wsUrl: string;
  let tcpUrl: string;
  const clients: MqttClient[] = [];

  const browser = async (login: string, tokenOverride?: string) => {
    const token = tokenOverride ?? (await env().login(login));
    const userId = env().ids.users[login as 'demo' | 'operator' | 'demo2'];
    const client = await mqtt.connectAsync(wsUrl, {
      clientId: `u${userId}_${randomBytes(6).toString('hex')}`,
      username: `u${userId}`,
      password: token,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(client);
    return { client, token, userId };
  };

  beforeAll(async () => {
    await env().app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(env().app.server.address() as AddressInfo).port}/mqtt`;
    const tcp = await env().broker.listenTcp(0, '127.0.0.1');
    tcpUrl = `mqtt://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  it('lets a browser subscribe to its parks and its session topic, and refuses others (suback 128)', async () => {
    const { ids } = env();
    const { client, userId } = await browser('demo');
    const granted = await suback(client, [
      webTopic(ids.merchant.farm, ids.parks.farm[0], '#'),
      webTopic(ids.merchant.farm, ids.parks.farm[2], 'telemetry'),
      userTopic(ids.merchant.farm, userId),
      webTopic(ids.merchant.orchard, ids.parks.orchard, '#'),
      'web/#',
      userTopic(ids.merchant.farm, ids.users.operator),
    ]);
    expect(granted).toEqual([1, 1, 1, 128, 128, 128]);
  });

  it('refuses parks a sub-account may not see', async () => {
    const { ids } = env();
    const { client } = await browser('operator');
    const granted = await suback(client, [
      webTopic(ids.merchant.farm, ids.parks.farm[1], '#'),
      webTopic(ids.merchant.farm, ids.parks.farm[0], '#'),
    ]);
    expect(granted).toEqual([1, 128]);
  });

  it('refuses a bad token, a token of another user, and an ended session on connect', async () => {
    const opts = { reconnectPeriod: 0, connectTimeout: 5000 };
    await expect(
      mqtt.connectAsync(wsUrl, { ...opts, username: `u${env().ids.users.demo}`, password: 'garbage' }),
    ).rejects.toThrow(/Bad username or password|Not authorized/i);
    const demo2Token = await env().login('demo2');
    await expect(
      mqtt.connectAsync(wsUrl, { ...opts, username: `u${env().ids.users.demo}`, password: demo2Token }),
    ).rejects.toThrow(/Bad username or password|Not authorized/i);
    const ended = await env().login('demo2');
    await env().get('/api/merchant/user/center/logout', ended);
    await expect(
      mqtt.connectAsync(wsUrl, { ...opts, username: `u${env().ids.users.demo2}`, password: ended }),
    ).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('delivers server publishes on a park topic to its subscribers', async () => {
    const { ids, broker } = env();
    const { client } = await browser('demo2');
    const topic = webTopic(ids.merchant.orchard, ids.parks.orchard, 'telemetry');
    await client.subscribeAsync(topic, { qos: 1 });
    const seen = collect(client, 300);
    await broker.publish(topic, { hello: 1 });
    expect(await seen).toEqual([{ topic, payload: { hello: 1 } }]);
  });

  it('pushes a session end only to the consoles of the ended sessions', async () => {
    const { ids } = env();
    const current = await browser('operator');
    const other = await browser('operator');
    for (const c of [current, other]) await c.client.subscribeAsync(userTopic(ids.merchant.farm, c.userId), { qos: 1 });
    // The password change itself runs scrypt twice: leave time for it on a busy machine.
    const seenCurrent = collect(current.client, 2000);
    const seenOther = collect(other.client, 2000);
    const res = await env().post('/api/merchant/user/resetLoginPwd', current.token, {
      oldPwd: 'demo123456',
      newPwd: 'changed123',
    });
    expect(res.code).toBe(0);
    const [a, b] = await Promise.all([seenCurrent, seenOther]);
    expect(a).toEqual([]);
    expect(b).toHaveLength(1);
    expect(b[0].payload).toMatchObject({ code: Code.PASSWORD_CHANGED });
    await env().post('/api/merchant/user/resetLoginPwd', current.token, { oldPwd: 'changed123', newPwd: 'demo123456' });
  });

  it('does not let a browser publish on web/ topics', async () => {
    const { ids } = env();
    const listener = await browser('demo');
    const topic = webTopic(ids.merchant.farm, ids.parks.farm[0], 'cmd');
    await listener.client.subscribeAsync(topic, { qos: 1 });
    const seen = collect(listener.client, 400);
    const talker = await browser('demo');
    talker.client.publish(topic, JSON.stringify({ forged: true }), { qos: 0 });
    expect(await seen).toEqual([]);
  });

  it('accepts known device serials over TCP, only on their own topics, and refuses unknown ones', async () => {
    await env()
      .db.updateTable('devices')
      .set({ secret_hash: hashSecret('broker-test-secret') })
      .where('serial', '=', 'DF-WS-0001')
      .execute();
    const device = await mqtt.connectAsync(tcpUrl, {
      clientId: 'DF-WS-0001',
      username: 'DF-WS-0001',
      password: 'broker-test-secret',
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(device);
    const granted = await suback(device, ['dev/DF-WS-0001/down/#', 'dev/DF-WS-0002/down/#', 'web/#']);
    expect(granted).toEqual([1, 128, 128]);
    await expect(
      mqtt.connectAsync(tcpUrl, { username: 'NO-SUCH-SERIAL', reconnectPeriod: 0, connectTimeout: 5000 }),
    ).rejects.toThrow(/Bad username or password|Not authorized/i);
  });
});
