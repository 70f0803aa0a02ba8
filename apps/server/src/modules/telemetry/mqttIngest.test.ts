import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { connectExternalBroker } from '../../mqtt/externalBroker';
import { describeEachEngine, type TestEnv } from '../../test/harness';
import { RawDevice } from '../../test/rawDevice';
import { hashSecret } from '../devices/credentials';

const T0 = Date.UTC(2026, 9, 10, 0, 0, 0);
const payload = (i: number) =>
  Buffer.from(
    JSON.stringify({ readings: [{ ts: T0 + i * 1000, values: { airTemp: 20 + (i % 10), airHumidity: 50 } }] }),
  );

async function rowsOf(env: TestEnv, serial: string): Promise<number> {
  const r = await env.db
    .selectFrom('telemetry')
    .innerJoin('devices', 'devices.id', 'telemetry.device_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('devices.serial', '=', serial)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describeEachEngine('telemetry over MQTT', (env) => {
  it('acknowledges a QoS 1 publish on the embedded broker only once its readings are stored', async () => {
    const secret = 'embedded-test-secret';
    await env()
      .db.updateTable('devices')
      .set({ secret_hash: hashSecret(secret) })
      .where('serial', '=', 'DF-WS-0001')
      .execute();
    const server = await env().broker.listenTcp(0, '127.0.0.1');
    const dev = await RawDevice.connect('127.0.0.1', (server.address() as AddressInfo).port, 'DF-WS-0001', secret);
    const before = await rowsOf(env(), 'DF-WS-0001');
    let storedAtAck = true;
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        dev.publish('dev/DF-WS-0001/up/telemetry', payload(i)).then(async () => {
          // this very reading must already be in the database when its PUBACK arrives
          const r = await env()
            .db.selectFrom('telemetry')
            .select('value')
            .where('ts', '=', T0 + i * 1000)
            .where('key', '=', 'airTemp')
            .executeTakeFirst();
          if (!r) storedAtAck = false;
        }),
      ),
    );
    expect(storedAtAck).toBe(true);
    expect((await rowsOf(env(), 'DF-WS-0001')) - before).toBe(400);
    await dev.close();
  });

  // Like the engines: the external-broker case exists when scripts/test.mjs started a Mosquitto (TEST_MQTT_URL).
  for (const url of process.env.TEST_MQTT_URL ? [process.env.TEST_MQTT_URL] : []) {
    it('ingests through an external broker, split over a shared subscription', async () => {
      const suffix = `${process.pid}-${Date.now()}`;
      const counts = { a: 0, b: 0 };
      // two consumers of one shared subscription; other test files may use the same Mosquitto at the same
      // time: each counts only this test's device
      const consumer = (name: keyof typeof counts) =>
        connectExternalBroker({
          url,
          bus: {
            on: env().bus.on,
            dispatch: (m: Parameters<TestEnv['bus']['dispatch']>[0]) => {
              if (m.serial === 'DF-WS-0002' && m.channel === 'telemetry') counts[name]++;
              return env().bus.dispatch(m);
            },
            failures: env().bus.failures,
          },
          clientId: `fp-test-${name}-${suffix}`,
          shareGroup: `telemetry-test-${suffix}`,
          persistentSession: false,
        });
      const one = consumer('a');
      const two = consumer('b');
      await Promise.all([one.ready, two.ready]);
      const parsed = new URL(url);
      const dev = await RawDevice.connect(parsed.hostname, Number(parsed.port || 1883), 'DF-WS-0002', 'anonymous');
      const before = await rowsOf(env(), 'DF-WS-0002');
      await Promise.all(Array.from({ length: 300 }, (_, i) => dev.publish('dev/DF-WS-0002/up/telemetry', payload(i))));
      const deadline = Date.now() + 10_000;
      while ((await rowsOf(env(), 'DF-WS-0002')) - before < 600 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await rowsOf(env(), 'DF-WS-0002')) - before).toBe(600);
      expect(counts.a + counts.b).toBe(300);
      expect(counts.a).toBeGreaterThan(0);
      expect(counts.b).toBeGreaterThan(0);
      // the one publish of the server goes out through the external broker too
      await one.publish('web/1/1/telemetry', { readings: [] });
      await dev.close();
      await Promise.all([one.close(), two.close()]);
    });
  }
});
