import { deviceTopic, webTopic } from '@farmpark/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browser, listen, provision, simulatedDevice, uniqueSerial, waitFor } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';

describeEachEngine('device status', (env) => {
  let tcpUrl: string;
  let demo: string;
  let console_: Awaited<ReturnType<typeof browser>>;
  beforeAll(async () => {
    const urls = await listen(env());
    tcpUrl = urls.tcpUrl;
    demo = await env().login('demo');
    console_ = await browser(env(), urls.wsUrl, 'demo');
    await console_.client.subscribeAsync(webTopic(env().ids.merchant.farm, env().ids.parks.farm[0], 'status'), {
      qos: 1,
    });
  });
  afterAll(async () => {
    await console_.client.endAsync(true);
  });

  /** A registered device on a hand-driven MQTT connection, to publish exactly what a test needs. */
  async function handDriven(prefix: string, deviceClass: 'soilStation' | 'insectTrap') {
    const serial = uniqueSerial(prefix);
    const p = await provision(env(), demo, { serial, deviceClass, groupId: env().ids.parks.farm[0] });
    const c = await mqtt.connectAsync(tcpUrl, {
      clientId: serial,
      username: serial,
      password: p.secret,
      reconnectPeriod: 0,
    });
    return { serial, p, c };
  }
  const row = (deviceId: number) =>
    env()
      .db.selectFrom('devices')
      .select(['online', 'firmware', 'status_at', 'last_seen_at'])
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
  const statusMessages = (deviceId: number) =>
    console_.messages
      .filter((m) => m.topic.endsWith('/status') && m.payload.deviceId === deviceId)
      .map((m) => m.payload.online);

  it('goes online with the device status, and offline with its last will', async () => {
    const p = await simulatedDevice(env(), demo, tcpUrl, {
      prefix: 'ST-WILL',
      deviceClass: 'weatherStation',
      groupId: env().ids.parks.farm[0],
    });
    const { device } = p;
    await waitFor('online', async () => (await row(p.deviceId)).online === 1);
    expect((await row(p.deviceId)).firmware).toBe('farmpark-sim/0.1.0');
    await waitFor('online published', () => statusMessages(p.deviceId).includes(true));

    device.crash(); // no DISCONNECT: the broker sends the will
    await waitFor('offline by will', async () => (await row(p.deviceId)).online === 0);
    await waitFor('offline published', () => statusMessages(p.deviceId).join() === 'true,false');
  });

  it('ignores a stale status (a late will of an earlier connection)', async () => {
    const { serial, p, c } = await handDriven('ST-STALE', 'soilStation');
    const t = Date.now();
    await c.publishAsync(deviceTopic.status(serial), JSON.stringify({ online: true, ts: t, firmware: '2.0.1' }), {
      qos: 1,
    });
    expect((await row(p.deviceId)).online).toBe(1);
    await c.publishAsync(deviceTopic.status(serial), JSON.stringify({ online: false, ts: t - 60_000 }), { qos: 1 });
    expect((await row(p.deviceId)).online).toBe(1);
    await c.publishAsync(deviceTopic.status(serial), JSON.stringify({ online: true, ts: t - 1 }), { qos: 1 });
    expect((await row(p.deviceId)).status_at).toBe(t); // a replayed older online status changes nothing
    const refused = env().bus.failures.status;
    await c.publishAsync(deviceTopic.status(serial), '{"online":"maybe"}', { qos: 1 });
    expect(env().bus.failures.status).toBe(refused + 1);
    await c.publishAsync(deviceTopic.status(serial), JSON.stringify({ online: false, ts: t + 1 }), { qos: 1 });
    expect((await row(p.deviceId)).online).toBe(0);
    await c.endAsync();
  });

  it('marks a silent device offline after three reporting intervals, working from the database', async () => {
    const p = await simulatedDevice(env(), demo, tcpUrl, {
      prefix: 'ST-SILENT',
      deviceClass: 'weatherStation',
      groupId: env().ids.parks.farm[0],
      reportIntervalMs: 10_000,
    });
    const { device } = p;
    try {
      await waitFor('online', async () => (await row(p.deviceId)).online === 1);
      await env().devices.status.markSilent();
      expect((await row(p.deviceId)).online).toBe(1); // heard from just now

      device.silence(true);
      // 29 s of silence is not yet three intervals; 31 s is
      const ago = (ms: number) =>
        env()
          .db.updateTable('devices')
          .set({ last_seen_at: Date.now() - ms, status_at: Date.now() - ms })
          .where('id', '=', p.deviceId)
          .execute();
      await ago(29_000);
      await env().devices.status.markSilent();
      expect((await row(p.deviceId)).online).toBe(1);
      await ago(31_000);
      expect(await env().devices.status.markSilent()).toBeGreaterThanOrEqual(1);
      expect((await row(p.deviceId)).online).toBe(0);
      await waitFor('offline published', () => statusMessages(p.deviceId).at(-1) === false);

      // it reports again: the committed telemetry brings it back online
      device.silence(false);
      await device.publishNow();
      await waitFor('back online', async () => (await row(p.deviceId)).online === 1);
      await waitFor('online published', () => statusMessages(p.deviceId).at(-1) === true);
    } finally {
      await device.stop();
    }
  });

  it('takes the will of the live connection after silence and a sign of life moved its status time', async () => {
    const serial = uniqueSerial('ST-REVIVED');
    const p = await provision(env(), demo, { serial, deviceClass: 'soilStation', groupId: env().ids.parks.farm[0] });
    const connectedAt = Date.now() - 40_000; // connected a while ago: its will carries that time
    const c = await mqtt.connectAsync(tcpUrl, {
      clientId: serial,
      username: serial,
      password: p.secret,
      reconnectPeriod: 0,
      will: {
        topic: deviceTopic.status(serial),
        payload: Buffer.from(JSON.stringify({ online: false, ts: connectedAt })),
        qos: 1,
        retain: false,
      },
    });
    await c.publishAsync(deviceTopic.status(serial), JSON.stringify({ online: true, ts: connectedAt }), { qos: 1 });
    // it went quiet long enough to be marked offline, then its next message brought it back (status time: now)
    await env()
      .db.updateTable('devices')
      .set({ last_seen_at: connectedAt - 3_600_000, status_at: connectedAt - 3_600_000 })
      .where('id', '=', p.deviceId)
      .execute();
    await env().devices.status.markSilent();
    expect((await row(p.deviceId)).online).toBe(0);
    // a sign of life after it went: in a later millisecond than the silence (SQLite can do both in one, and
    // evidence from the same millisecond as the offline mark does not bring a device back: statusRepo.markOnline)
    await new Promise((r) => setTimeout(r, 5));
    await env().devices.status.seen([p.deviceId]);
    expect((await row(p.deviceId)).online).toBe(1);

    await c.endAsync(true); // no DISCONNECT: the broker sends the will of this, the live, connection
    await waitFor('offline by the live connection will', async () => (await row(p.deviceId)).online === 0);
  });

  it('is not brought back by readings that arrived before it went offline and were committed after', async () => {
    const { serial, p, c } = await handDriven('ST-LATE', 'soilStation');
    await c.publishAsync(deviceTopic.status(serial), JSON.stringify({ online: true, ts: Date.now() }), { qos: 1 });
    const heardAt = Date.now() - 5; // a reading arrived, and its batch is still being written...
    await c.publishAsync(deviceTopic.status(serial), JSON.stringify({ online: false, ts: Date.now() }), { qos: 1 });
    expect((await row(p.deviceId)).online).toBe(0); // ...when the device went
    await env().devices.status.seen([p.deviceId], heardAt); // the late commit
    expect((await row(p.deviceId)).online).toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    await env().devices.status.seen([p.deviceId], Date.now()); // a reading after it went: it is back
    expect((await row(p.deviceId)).online).toBe(1);
    await c.endAsync();
  });

  it('stores device events', async () => {
    const { serial, p, c } = await handDriven('ST-EVT', 'insectTrap');
    await c.publishAsync(
      deviceTopic.event(serial),
      JSON.stringify({ ts: 1_795_000_000_000, type: 'photo', data: { imageId: 7 } }),
      { qos: 1 },
    );
    await c.endAsync();
    const events = await env().db.selectFrom('device_events').selectAll().where('device_id', '=', p.deviceId).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ts: 1_795_000_000_000, type: 'photo' });
    expect(JSON.parse(events[0].data)).toEqual({ imageId: 7 });
    expect((await row(p.deviceId)).online).toBe(1); // an event is a sign of life too
  });
});
