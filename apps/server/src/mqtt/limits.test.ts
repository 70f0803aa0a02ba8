import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import mqtt from 'mqtt';
import mqttPacket from 'mqtt-packet';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { provision, uniqueSerial } from '../test/devices';
import { createTestEnv, type TestEnv } from '../test/harness';
import { RawDevice, remainingLength } from '../test/rawDevice';
import { createBroker, type MqttBroker } from './broker';
import { MQTT_LIMITS } from './frameGuard';

/** The fixed header of a packet of `type` declaring `length` bytes to follow. */
function fixedHeader(type: number, length: number): Buffer {
  return Buffer.from([type << 4, ...remainingLength(length)]);
}

/** A raw TCP connection and when the server closed it. */
function rawSocket(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const t0 = performance.now();
    const closed = new Promise<number>((r) => socket.once('close', () => r(performance.now() - t0)));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Resolves true if `p` settles within `ms`. */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

const mb = (n: number) => n * 1024 * 1024;

describe('MQTT limits [sqlite]', () => {
  let env: TestEnv & { close: () => Promise<void> };
  let port: number;
  let wsUrl: string;
  let serial: string;
  let secret: string;
  /** The same broker with timeouts short enough to watch. */
  let quick: MqttBroker;
  let quickPort: number;

  beforeAll(async () => {
    env = await createTestEnv('sqlite');
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/mqtt`;
    port = ((await env.broker.listenTcp(0, '127.0.0.1')).address() as AddressInfo).port;
    serial = uniqueSerial('LIM');
    ({ secret } = await provision(env, await env.login('demo'), {
      serial,
      deviceClass: 'weatherStation',
      groupId: env.ids.parks.farm[0],
    }));
    quick = await createBroker({
      db: env.db,
      log: pino({ level: 'silent' }),
      limits: { connectTimeoutMs: 300, packetTimeoutMs: 300 },
    });
    quickPort = ((await quick.listenTcp(0, '127.0.0.1')).address() as AddressInfo).port;
  });
  afterAll(async () => {
    await quick?.close();
    await env?.close();
  });

  it('closes a connection whose CONNECT declares more than 4 KB, before reading it', async () => {
    const { socket, closed } = await rawSocket(port);
    socket.write(fixedHeader(1, MQTT_LIMITS.connectMaxBytes + 1));
    expect(await within(closed, 2000)).toBe(true);
  });

  it('closes a WebSocket whose CONNECT declares more than 4 KB, and one whose message exceeds 256 KB', async () => {
    for (const message of [
      fixedHeader(1, MQTT_LIMITS.connectMaxBytes + 1),
      Buffer.alloc(MQTT_LIMITS.packetMaxBytes + 64),
    ]) {
      const ws = new WebSocket(wsUrl, 'mqtt');
      const closed = new Promise<void>((r) => ws.once('close', () => r()));
      ws.on('error', () => {});
      await new Promise((r) => ws.once('open', r));
      ws.send(message);
      expect(await within(closed, 2000)).toBe(true);
    }
  });

  it('closes a connection that starts with anything but a CONNECT (an unauthenticated PUBLISH)', async () => {
    const { socket, closed } = await rawSocket(port);
    socket.write(Buffer.concat([fixedHeader(3, 1000), Buffer.alloc(1000)]));
    expect(await within(closed, 2000)).toBe(true);
  });

  it('accepts a device publish up to 256 KB and closes the device that sends more', async () => {
    const device = await RawDevice.connect('127.0.0.1', port, serial, secret);
    const payload = JSON.stringify({
      readings: [{ ts: Date.now(), values: { airTemp: 21 } }],
      pad: 'x'.repeat(200_000),
    });
    await device.publish(`dev/${serial}/up/telemetry`, Buffer.from(payload));
    const refused = device.publish(`dev/${serial}/up/telemetry`, Buffer.alloc(MQTT_LIMITS.packetMaxBytes + 1));
    await expect(refused).rejects.toThrow(/connection closed/);
    expect(device.closed).toBe(true);
  });

  it('closes a signed-in console (WebSocket) that publishes more than 256 KB', async () => {
    const token = await env.login('demo');
    const user = `u${env.ids.users.demo}`;
    const client = await mqtt.connectAsync(wsUrl, {
      clientId: `${user}_limits`,
      username: user,
      password: token,
      reconnectPeriod: 0,
    });
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    client.publish('web/x', Buffer.alloc(MQTT_LIMITS.packetMaxBytes + 1));
    expect(await within(closed, 3000)).toBe(true);
    await client.endAsync(true);
  });

  it('holds little memory for 50 connections declaring huge packets and trickling bytes, and keeps serving', async () => {
    global.gc?.();
    const before = process.memoryUsage();
    const conns = await Promise.all(Array.from({ length: 50 }, () => rawSocket(port)));
    // Half claim a 256 MB CONNECT, half a valid-looking CONNECT then a 256 MB PUBLISH; all keep sending.
    conns.forEach(({ socket }, i) => {
      if (i % 2 === 0) socket.write(fixedHeader(1, 268_435_455));
      else socket.write(fixedHeader(3, 268_435_455));
    });
    // 2 MB each, 100 MB in all: a broker that buffered what was declared would be far over the bound.
    const chunk = Buffer.alloc(16 * 1024, 7);
    for (let round = 0; round < 128; round++) {
      for (const { socket } of conns) if (!socket.destroyed) socket.write(chunk);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await within(Promise.all(conns.map((c) => c.closed)), 5000)).toBe(true);
    const after = process.memoryUsage();
    expect(after.heapUsed - before.heapUsed).toBeLessThan(mb(50));
    expect(after.rss - before.rss).toBeLessThan(mb(50));

    const device = await RawDevice.connect('127.0.0.1', port, serial, secret);
    const ack = await device.publish(
      `dev/${serial}/up/telemetry`,
      Buffer.from(JSON.stringify({ readings: [{ ts: Date.now(), values: { airTemp: 22 } }] })),
    );
    expect(ack).toBeGreaterThanOrEqual(0);
    await device.close();
  });

  it('closes a connection that says nothing within the connect timeout', async () => {
    const { closed } = await rawSocket(quickPort);
    expect(await within(closed, 2000)).toBe(true);
    expect(await closed).toBeGreaterThanOrEqual(250);
  });

  /** The device's CONNECT, keepalive 0: only the broker's own limits may close it. */
  const deviceConnect = () =>
    mqttPacket.generate({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clientId: serial,
      clean: true,
      keepalive: 0,
      username: serial,
      password: Buffer.from(secret),
    });

  it('closes a connection that trickles its CONNECT slower than the connect timeout', async () => {
    const { socket, closed } = await rawSocket(quickPort);
    const connectPacket = deviceConnect();
    let i = 0;
    const drip = setInterval(() => {
      if (i < connectPacket.length - 1 && !socket.destroyed) socket.write(connectPacket.subarray(i, ++i));
    }, 50);
    try {
      expect(await within(closed, 2000)).toBe(true);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes a signed-in device that leaves a packet unfinished (even with keepalive 0)', async () => {
    const { socket, closed } = await rawSocket(quickPort);
    socket.write(deviceConnect());
    await new Promise((r) => socket.once('data', r)); // CONNACK
    socket.write(Buffer.concat([fixedHeader(3, 10_000), Buffer.alloc(100)]));
    expect(await within(closed, 2000)).toBe(true);
  });
});
