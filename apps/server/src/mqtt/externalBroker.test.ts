import { describe, expect, it } from 'vitest';
import { RawDevice } from '../test/rawDevice';
import { createDeviceMessageBus, type DeviceChannel } from './deviceMessages';
import { connectExternalBroker } from './externalBroker';

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

// The external broker exists when scripts/test.mjs started a Mosquitto (TEST_MQTT_URL; CI requires it).
describe('two server processes behind one external broker, one of them down', () => {
  for (const url of process.env.TEST_MQTT_URL ? [process.env.TEST_MQTT_URL] : []) {
    it('answers to commands reach the process that is up; device data waits for the one that is down', async () => {
      const suffix = `${process.pid}-${Date.now()}`;
      const serial = `EB-${suffix}`.slice(0, 40);
      const counts = { a: { ack: 0, telemetry: 0 }, b: { ack: 0, telemetry: 0 } };
      // a persistent session each, as in production; their own share group (other files use the same broker)
      const member = (name: 'a' | 'b') => {
        const bus = createDeviceMessageBus();
        for (const channel of ['ack', 'telemetry'] as const satisfies DeviceChannel[])
          bus.on(channel, async (m) => {
            if (m.serial === serial) counts[name][channel]++;
          });
        return connectExternalBroker({ url, bus, clientId: `fp-eb-${name}-${suffix}`, shareGroup: `eb-${suffix}` });
      };
      const a = member('a');
      let b = member('b');
      await Promise.all([a.ready, b.ready]);
      // b stops; its persistent session stays with the broker, as a restarting process' does
      await b.close();

      const parsed = new URL(url);
      const dev = await RawDevice.connect(parsed.hostname, Number(parsed.port || 1883), serial, 'anonymous');
      const N = 8;
      // one after another (a broker that takes turns among members would give every other one to each)
      for (let i = 0; i < N; i++)
        await dev.publish(`dev/${serial}/up/ack`, Buffer.from(JSON.stringify({ cmdId: `c${i}`, ok: true })));
      for (let i = 0; i < N; i++)
        await dev.publish(`dev/${serial}/up/telemetry`, Buffer.from(JSON.stringify({ readings: [] })));
      // every answer, at once, by the process that is up (a command waits for its answer 15 s at most)
      await until(() => counts.a.ack === N, 5_000);
      expect(counts.a.ack).toBe(N);
      // device data is shared with the stopped process too, and kept for it: none is lost
      await until(() => counts.a.telemetry > 0, 5_000);
      expect(counts.a.telemetry).toBeLessThan(N);
      b = member('b');
      await b.ready;
      await until(() => counts.a.telemetry + counts.b.telemetry === N, 5_000);
      expect(counts.a.telemetry + counts.b.telemetry).toBe(N);
      expect(counts.b.ack).toBe(0);
      await dev.close();
      await Promise.all([a.close(), b.close()]);
    });
  }
});
