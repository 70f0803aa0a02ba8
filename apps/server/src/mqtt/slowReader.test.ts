import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { webTopic } from '@farmpark/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listen } from '../test/devices';
import { describeEachEngine } from '../test/harness';

// A console that stops reading (a phone in a tunnel, a starved browser tab) must not hold everyone else's
// messages: Aedes waits for a full socket to drain before it counts a publish as done, and past 100 publishes
// in flight it queues every later one. The broker drops such a reader after its drain timeout (5 s).
describeEachEngine('mqtt broker with a console that stops reading', (env) => {
  let tcpUrl: string;
  const clients: MqttClient[] = [];

  const consoleClient = async () => {
    const userId = env().ids.users.demo;
    const client = await mqtt.connectAsync(tcpUrl, {
      clientId: `u${userId}_${randomBytes(6).toString('hex')}`,
      username: `u${userId}`,
      password: await env().login('demo'),
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    ({ tcpUrl } = await listen(env()));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  it('keeps delivering to the other consoles and drops the stalled one', async () => {
    const { ids, broker } = env();
    const topic = webTopic(ids.merchant.farm, ids.parks.farm[0], 'telemetry');
    const stalled = await consoleClient();
    const live = await consoleClient();
    await stalled.subscribeAsync(topic, { qos: 1 });
    await live.subscribeAsync(topic, { qos: 1 });
    const connected = broker.aedes.connectedClients;
    // the stalled console reads nothing more: the kernel's buffers fill, then the broker's writes wait
    (stalled.stream as Socket).pause();
    let received = 0;
    live.on('message', () => received++);

    // 150 publishes of 100 KB: more than the loopback buffers hold, and more than Aedes' 100 in flight
    const filler = 'x'.repeat(100_000);
    const sent = Date.now();
    for (let i = 0; i < 150; i++) void broker.publish(topic, { i, filler });
    await expect.poll(() => received, { timeout: 20_000, interval: 100 }).toBe(150);
    // everything reached the live console about when the stalled one was dropped, not 30 s later
    expect(Date.now() - sent).toBeLessThan(12_000);
    await expect.poll(() => broker.aedes.connectedClients, { timeout: 5_000 }).toBe(connected - 1);
  }, 30_000);
});
