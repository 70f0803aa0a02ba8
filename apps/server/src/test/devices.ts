/**
 * Test helpers for device work: real brokers, real simulated devices (the simulator library), real
 * browser clients. Only tests import it (it lives under src/test/, never in a production folder).
 */
import type { AddressInfo } from 'node:net';
import type { DeviceClass, DeviceWithSecret, Envelope } from '@farmpark/contracts';
import { createDevice, type VirtualDevice } from '@farmpark/simulator';
import mqtt, { type MqttClient } from 'mqtt';
import type { TestEnv } from './harness';

export async function listen(env: TestEnv): Promise<{ tcpUrl: string; wsUrl: string }> {
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  const tcp = await env.broker.listenTcp(0, '127.0.0.1');
  return {
    wsUrl: `ws://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/mqtt`,
    tcpUrl: `mqtt://127.0.0.1:${(tcp.address() as AddressInfo).port}`,
  };
}

let counter = 0;
/** A serial no other test (nor a retained message in a shared broker) has used. */
export const uniqueSerial = (prefix: string) =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}`.slice(0, 64);

/** Registers a device through the API, as an operator would. */
export async function provision(
  env: TestEnv,
  token: string,
  d: { serial: string; deviceClass: DeviceClass; groupId: number; reportIntervalMs?: number },
): Promise<{ deviceId: number; secret: string }> {
  const res: Envelope<DeviceWithSecret> = await env.post('/api/merchant/device/addDevice', token, {
    serial: d.serial,
    deviceClass: d.deviceClass,
    groupId: d.groupId,
    deviceName: `test ${d.serial}`,
    ...(d.reportIntervalMs ? { reportIntervalMs: d.reportIntervalMs } : {}),
  });
  if (res.code !== 0) throw new Error(`addDevice ${d.serial}: ${res.code} ${res.msg}`);
  return { deviceId: res.data.device.deviceId, secret: res.data.secret };
}

/** A simulated device, connected; acks quickly so tests stay fast. */
export async function simDevice(
  brokerUrl: string,
  d: { serial: string; secret: string; deviceClass: DeviceClass },
  telemetryIntervalMs = 60_000,
): Promise<VirtualDevice> {
  const device = createDevice({ ...d, brokerUrl, telemetryIntervalMs, ackDelayMs: [5, 20], reconnectPeriodMs: 60_000 });
  await device.start();
  return device;
}

/** A device registered through the API and simulated with its secret: where most device tests start. */
export async function simulatedDevice(
  env: TestEnv,
  token: string,
  brokerUrl: string,
  d: { prefix: string; deviceClass: DeviceClass; groupId: number; reportIntervalMs?: number },
  telemetryIntervalMs?: number,
): Promise<{ deviceId: number; serial: string; secret: string; device: VirtualDevice }> {
  const serial = uniqueSerial(d.prefix);
  const { deviceClass, groupId, reportIntervalMs } = d;
  const p = await provision(env, token, { serial, deviceClass, groupId, reportIntervalMs });
  const device = await simDevice(brokerUrl, { serial, secret: p.secret, deviceClass }, telemetryIntervalMs);
  return { deviceId: p.deviceId, serial, secret: p.secret, device };
}

/** Readings as the broker hands a device's telemetry to the server (not ingested yet: see settle). */
export function sendReadings(
  env: TestEnv,
  serial: string,
  readings: { ts: number; values: Record<string, number> }[],
  receivedAt = Date.now(),
): Promise<void> {
  return env.bus.dispatch({
    serial,
    channel: 'telemetry',
    payload: Buffer.from(JSON.stringify({ readings })),
    receivedAt,
  });
}

/** Ingest commits, then the rule engine evaluates (queued after the commit event). */
export async function settle(env: TestEnv): Promise<void> {
  await env.telemetry.ingest.drain();
  await env.rules.idle();
}

/** A console's messaging connection: the demo user's session token over WebSocket. */
export async function browser(
  env: TestEnv,
  wsUrl: string,
  login: 'demo' | 'operator' | 'demo2',
): Promise<{ client: MqttClient; messages: { topic: string; payload: Record<string, unknown> }[] }> {
  const token = await env.login(login);
  const client = await mqtt.connectAsync(wsUrl, {
    clientId: `u${env.ids.users[login]}_test${counter++}`,
    username: `u${env.ids.users[login]}`,
    password: token,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  const messages: { topic: string; payload: Record<string, unknown> }[] = [];
  client.on('message', (topic, buf) => messages.push({ topic, payload: JSON.parse(buf.toString()) }));
  return { client, messages };
}

/** Polls until `check` returns a value other than undefined/false, or fails after `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 5000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until the server has marked the device online (its connection was accepted). */
export function untilOnline(env: TestEnv, deviceId: number, what = 'device online'): Promise<true> {
  return waitFor(what, async () => {
    const r = await env.db.selectFrom('devices').select('online').where('id', '=', deviceId).executeTakeFirst();
    return r?.online === 1;
  });
}
