import { deviceTopic } from '@farmpark/contracts';
import mqtt from 'mqtt';
import { beforeAll, expect, it } from 'vitest';
import { listen, provision, uniqueSerial, waitFor } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';

const connect = (url: string, username: string, password: string) =>
  mqtt.connectAsync(url, {
    username,
    password,
    clientId: `${username}-${Math.random()}`,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });

describeEachEngine('device credentials over MQTT', (env) => {
  let tcpUrl: string;
  let demo: string;
  beforeAll(async () => {
    ({ tcpUrl } = await listen(env()));
    demo = await env().login('demo');
  });

  /** A device registered in the first farm park under a fresh serial, and its secret. */
  const registered = async (prefix: string, deviceClass: 'weatherStation' | 'soilStation') => {
    const serial = uniqueSerial(prefix);
    return { serial, ...(await provision(env(), demo, { serial, deviceClass, groupId: env().ids.parks.farm[0] })) };
  };
  const telemetryRows = async (deviceId: number) =>
    (await env().db.selectFrom('telemetry').select('ts').where('device_id', '=', deviceId).execute()).length;

  it('admits a device with its secret, refuses a wrong secret and a device without credentials', async () => {
    const { serial, deviceId, secret } = await registered('AUTH', 'weatherStation');
    const ok = await connect(tcpUrl, serial, secret);
    await ok.publishAsync(
      deviceTopic.telemetry(serial),
      JSON.stringify({ readings: [{ ts: Date.now(), values: { airTemp: 21.5 } }] }),
      { qos: 1 },
    );
    expect(await telemetryRows(deviceId)).toBe(1);
    await ok.endAsync();

    await expect(connect(tcpUrl, serial, `${secret}x`)).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(connect(tcpUrl, serial, '')).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(connect(tcpUrl, 'NO-SUCH-DEVICE', secret)).rejects.toThrow(/Bad username or password|Not authorized/i);

    await env().db.updateTable('devices').set({ secret_hash: null }).where('id', '=', deviceId).execute();
    await expect(connect(tcpUrl, serial, secret)).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('does not let a device publish as another serial: refused, nothing stored', async () => {
    const [park] = env().ids.parks.farm;
    const a = await provision(env(), demo, {
      serial: uniqueSerial('AUTH-A'),
      deviceClass: 'weatherStation',
      groupId: park,
    });
    const bSerial = uniqueSerial('AUTH-B');
    const b = await provision(env(), demo, { serial: bSerial, deviceClass: 'weatherStation', groupId: park });
    const serialA = (
      await env().db.selectFrom('devices').select('serial').where('id', '=', a.deviceId).executeTakeFirstOrThrow()
    ).serial;
    const client = await connect(tcpUrl, serialA, a.secret);
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    client.publish(
      deviceTopic.telemetry(bSerial),
      JSON.stringify({ readings: [{ ts: Date.now(), values: { airTemp: 99 } }] }),
      { qos: 1 },
    );
    await closed; // the broker drops a client that publishes outside its own subtree
    client.end(true);
    expect(await telemetryRows(b.deviceId)).toBe(0);
    expect(await telemetryRows(a.deviceId)).toBe(0);
  });

  it('regenerating a secret ends the live session and only the new secret gets in', async () => {
    const { serial, deviceId, secret } = await registered('AUTH-R', 'soilStation');
    const client = await connect(tcpUrl, serial, secret);
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    const res = await env().post<{ secret: string }>('/api/merchant/device/regenerateDeviceSecret', demo, { deviceId });
    expect(res.code).toBe(0);
    await closed;
    client.end(true);
    await expect(connect(tcpUrl, serial, secret)).rejects.toThrow(/Bad username or password|Not authorized/i);
    const fresh = await connect(tcpUrl, serial, res.data.secret);
    expect(fresh.connected).toBe(true);

    const gone = new Promise<void>((r) => fresh.once('close', () => r()));
    expect((await env().post('/api/merchant/device/removeDevice', demo, { deviceId })).code).toBe(0);
    await gone;
    fresh.end(true);
    await expect(connect(tcpUrl, serial, res.data.secret)).rejects.toThrow(/Bad username or password|Not authorized/i);
    await waitFor(
      'removal',
      async () => (await env().db.selectFrom('devices').select('id').where('id', '=', deviceId).execute()).length === 0,
    );
  });
});
