import type { AddressInfo } from 'node:net';
import type { CommandRecord, SendCommandResult } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDeviceMessageBus } from '../../mqtt/deviceMessages';
import { connectExternalBroker } from '../../mqtt/externalBroker';
import { provision, simDevice, uniqueSerial, waitFor } from '../../test/devices';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { createDeviceRegistry } from '../devices/registry';

/**
 * One command path, end to end, through each transport: the embedded broker always, and the external
 * Mosquitto that scripts/test.mjs starts (TEST_MQTT_URL), where the device connects to Mosquitto and
 * the server reaches it through MQTT_URL's client (shared subscription up, publish down).
 */
interface Transport {
  name: string;
  /** Wires a server onto the transport; returns the app to call and the URL devices connect to. */
  setup(env: TestEnv): Promise<{ inject: TestEnv['app']; deviceUrl: string; close(): Promise<void> }>;
}

const TRANSPORTS: Transport[] = [
  {
    name: 'embedded',
    async setup(env) {
      const tcp = await env.broker.listenTcp(0, '127.0.0.1');
      return {
        inject: env.app,
        deviceUrl: `mqtt://127.0.0.1:${(tcp.address() as AddressInfo).port}`,
        close: async () => {},
      };
    },
  },
  ...(process.env.TEST_MQTT_URL
    ? [
        {
          name: 'mosquitto',
          async setup(env: TestEnv) {
            const url = process.env.TEST_MQTT_URL as string;
            const bus = createDeviceMessageBus();
            // A clean session: a persistent one left behind would stay in the share group, and Mosquitto
            // would queue its share of device messages for it.
            const external = connectExternalBroker({
              url,
              bus,
              clientId: `farmpark-cmd-test-${process.pid}-${Date.now()}`,
              persistentSession: false,
            });
            await external.ready;
            const { app } = await buildApp({
              config: { ...env.config, mqttUrl: url },
              db: env.db,
              broker: env.broker,
              publish: external.publish,
              registry: createDeviceRegistry(env.db),
              bus,
            });
            await app.ready();
            return {
              inject: app,
              deviceUrl: url,
              async close() {
                await app.close();
                await external.close();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(engines)('commands through each transport [%s]', (engine) => {
  let env: TestEnv & { close: () => Promise<void> };
  beforeAll(async () => {
    env = await createTestEnv(engine);
  });
  afterAll(async () => env?.close());

  for (const transport of TRANSPORTS) {
    it(`${transport.name}: the device comes online, obeys, and its failure comes back with its reason`, async () => {
      const t = await transport.setup(env);
      const demo = await env.login('demo');
      const serial = uniqueSerial(`TR-${transport.name.slice(0, 3)}`);
      const p = await provision(env, demo, { serial, deviceClass: 'envCabinet', groupId: env.ids.parks.farm[0] });
      const device = await simDevice(t.deviceUrl, { serial, secret: p.secret, deviceClass: 'envCabinet' });
      try {
        await waitFor('online', async () => {
          const r = await env.db.selectFrom('devices').select('online').where('id', '=', p.deviceId).executeTakeFirst();
          return r?.online === 1;
        });
        const call = async <T>(url: string, body?: object, query?: Record<string, string>) =>
          (
            await t.inject.inject({
              method: body ? 'POST' : 'GET',
              url,
              query,
              payload: body as Record<string, unknown> | undefined,
              headers: { AuthToken: demo },
            })
          ).json() as { code: number; msg: string; data: T };
        const detail = (cmdId: string) =>
          call<CommandRecord>('/api/merchant/command/getCommandDetail', undefined, { cmdId });

        const sent = await call<SendCommandResult>('/api/merchant/command/sendCommand', {
          deviceId: p.deviceId,
          name: 'setActuator',
          params: { actuator: 'fan', on: true },
        });
        expect(sent.code, sent.msg).toBe(0);
        const ok = await waitFor('ack', async () => {
          const r = (await detail(sent.data.cmdId)).data;
          return r.state !== 'sent' ? r : undefined;
        });
        expect(ok.state).toBe('succeeded');
        await waitFor('fan on', () => device.state.fan === 1);

        device.setFault('fan motor overload');
        const failing = await call<SendCommandResult>('/api/merchant/command/sendCommand', {
          deviceId: p.deviceId,
          name: 'setActuator',
          params: { actuator: 'fan', on: false },
        });
        const failed = await waitFor('failure', async () => {
          const r = (await detail(failing.data.cmdId)).data;
          return r.state !== 'sent' ? r : undefined;
        });
        expect(failed).toMatchObject({ state: 'failed', reason: 'fan motor overload' });
      } finally {
        await device.stop();
        await t.close();
      }
    });
  }
});
