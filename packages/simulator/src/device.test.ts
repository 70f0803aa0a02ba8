import { ackPayload, DEVICE_MODEL, eventPayload, statusPayload, telemetryPayload } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, type DeviceOptions, type VirtualDevice } from './device';
import { createFleet } from './fleet';
import { BROKERS, type BrokerUnderTest } from './test/brokers';
import { Observer } from './test/observer';

let n = 0;
/** Unique per run: an external broker keeps retained messages between runs. */
const uniqueSerial = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${n++}`;

describe.each(BROKERS)('virtual device over MQTT ($name)', ({ start }) => {
  let broker: BrokerUnderTest;
  let observer: Observer;
  const devices: VirtualDevice[] = [];

  beforeAll(async () => {
    broker = await start();
    observer = await Observer.connect(broker.url, broker.observerOptions, ['dev/+/up/#']);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.stop()));
    await observer.close();
    await broker.close();
  });

  async function device(opts: Partial<DeviceOptions> & Pick<DeviceOptions, 'deviceClass'>) {
    const serial = opts.serial ?? uniqueSerial(opts.deviceClass);
    const secret = `secret-${serial}`;
    broker.register(serial, secret);
    const d = createDevice({ serial, secret, brokerUrl: broker.url, ackDelayMs: [5, 20], ...opts });
    devices.push(d);
    await d.start();
    return d;
  }

  const cmd = (name: string, params: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
    cmdId: uniqueSerial('cmd'),
    name,
    params,
    ts: Date.now(),
    expiresAt: Date.now() + 15_000,
    ...over,
  });

  const ackFor = (serial: string, cmdId: string) =>
    observer
      .waitFor((m) => m.topic === `dev/${serial}/up/ack` && m.json.cmdId === cmdId)
      .then((m) => ackPayload.parse(m.json));

  it('announces itself online (retained) and publishes valid telemetry inside the model ranges', async () => {
    const d = await device({ deviceClass: 'weatherStation', model: 'QX-12' });
    const status = await observer.waitFor((m) => m.topic === `dev/${d.serial}/up/status`);
    expect(statusPayload.parse(status.json).online).toBe(true);

    const tele = await observer.waitFor((m) => m.topic === `dev/${d.serial}/up/telemetry`);
    const payload = telemetryPayload.parse(tele.json);
    const values = payload.readings[0].values;
    const params = DEVICE_MODEL.weatherStation.params;
    expect(Object.keys(values).sort()).toEqual(params.map((p) => p.key).sort());
    for (const p of params) {
      expect(values[p.key], p.key).toBeGreaterThanOrEqual(p.min);
      expect(values[p.key], p.key).toBeLessThanOrEqual(p.max);
    }

    // A late subscriber gets the retained status: how the server learns state after its own restart.
    const late = await Observer.connect(
      broker.url,
      { ...broker.observerOptions, clientId: `${broker.observerOptions.clientId}-late` },
      [`dev/${d.serial}/up/status`],
    );
    const retained = await late.waitFor(() => true);
    await late.close();
    expect(retained.retain).toBe(true);
    expect(retained.json.online).toBe(true);
  });

  it('obeys a command: ack with the same cmdId after a realistic delay, state changed, telemetry at once', async () => {
    const d = await device({ deviceClass: 'irrigationController', ackDelayMs: [100, 800] });
    const c = cmd('setValve', { valve: 3, on: true });
    const sentAt = Date.now();
    await observer.send(d.serial, c);
    const ack = await ackFor(d.serial, c.cmdId);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(100);
    expect(ack).toMatchObject({ cmdId: c.cmdId, ok: true, state: { valve3: 1 } });
    const tele = await observer.waitFor(
      (m) =>
        m.topic === `dev/${d.serial}/up/telemetry` &&
        (m.json as { readings: [{ values: { valve3: number } }] }).readings[0].values.valve3 === 1,
    );
    const values = telemetryPayload.parse(tele.json).readings[0].values;
    expect(values.flow).toBeGreaterThan(0);
    expect(values.pressure).toBeGreaterThan(0);
    expect(d.state.valve3).toBe(1);
  });

  it('refuses bad params, unknown commands and undecodable commands with a reason, changing nothing', async () => {
    const d = await device({ deviceClass: 'irrigationController' });
    const bad = cmd('setValve', { valve: 9, on: true });
    await observer.send(d.serial, bad);
    const ack = await ackFor(d.serial, bad.cmdId);
    expect(ack.ok).toBe(false);
    expect(ack.reason).toMatch(/valve/);
    expect(ack.state).toBeUndefined();

    const unknown = cmd('launchRocket', {});
    await observer.send(d.serial, unknown);
    expect((await ackFor(d.serial, unknown.cmdId)).reason).toMatch(/unknown command "launchRocket"/);

    const broken = { cmdId: uniqueSerial('cmd'), name: 'setValve' };
    await observer.send(d.serial, broken);
    expect((await ackFor(d.serial, broken.cmdId)).reason).toMatch(/invalid command: .*ts/);
    expect(Object.entries(d.state).filter(([k, v]) => k.startsWith('valve') && v !== 0)).toEqual([]);
  });

  it('refuses a command received after its expiry', async () => {
    const d = await device({ deviceClass: 'valveController' });
    const c = cmd('setValve', { valve: 1, on: true }, { ts: Date.now() - 60_000, expiresAt: Date.now() - 30_000 });
    await observer.send(d.serial, c);
    expect(await ackFor(d.serial, c.cmdId)).toMatchObject({ ok: false, reason: 'expired' });
    expect(d.state.valve1).toBe(0);
  });

  it('reports its fault as the reason every command fails, and works again once cleared', async () => {
    const d = await device({ deviceClass: 'waterFertilizer' });
    d.setFault('pump overload');
    const fault = await observer.waitFor((m) => m.topic === `dev/${d.serial}/up/event`);
    expect(eventPayload.parse(fault.json)).toMatchObject({ type: 'fault', data: { reason: 'pump overload' } });

    const c = cmd('startIrrigation', { zones: [1, 2], durationMin: 10 });
    await observer.send(d.serial, c);
    expect(await ackFor(d.serial, c.cmdId)).toMatchObject({ ok: false, reason: 'pump overload' });

    d.setFault(null);
    const again = cmd('startIrrigation', { zones: [1, 2], durationMin: 10, recipe: { ecTarget: 2 } });
    await observer.send(d.serial, again);
    expect(await ackFor(d.serial, again.cmdId)).toMatchObject({ ok: true, state: { runState: 1, currentZone: 1 } });
  });

  it('answers a redelivered command again without executing it twice', async () => {
    const d = await device({ deviceClass: 'sporeTrap' });
    const c = cmd('capture', {});
    await observer.send(d.serial, c);
    await ackFor(d.serial, c.cmdId);
    await observer.send(d.serial, c);
    await observer.waitFor(
      (m) => m.topic === `dev/${d.serial}/up/ack` && observer.messages.filter((x) => x.topic === m.topic).length === 2,
    );
    expect(d.state.slideUses).toBe(1);
    const photos = observer.messages.filter((m) => m.topic === `dev/${d.serial}/up/event` && m.json.type === 'photo');
    expect(photos).toHaveLength(1);
  });

  it('publishes a photo event when an insect trap is told to photograph', async () => {
    const d = await device({ deviceClass: 'insectTrap' });
    const c = cmd('photograph', {});
    await observer.send(d.serial, c);
    expect((await ackFor(d.serial, c.cmdId)).ok).toBe(true);
    const photo = await observer.waitFor((m) => m.topic === `dev/${d.serial}/up/event` && m.json.type === 'photo');
    expect(eventPayload.parse(photo.json).data).toMatchObject({ trigger: 'command' });
  });

  it('crash() drops the socket so the broker delivers the last will {online:false}', async () => {
    const d = await device({ deviceClass: 'soilStation' });
    await observer.waitFor((m) => m.topic === `dev/${d.serial}/up/status` && m.json.online === true);
    d.crash();
    const will = await observer.waitFor((m) => m.topic === `dev/${d.serial}/up/status` && m.json.online === false);
    expect(statusPayload.parse(will.json).online).toBe(false);
    expect(will.json.firmware).toBeUndefined(); // the will, not a clean goodbye (which carries the firmware)

    // And it comes back.
    await d.start();
    await observer.waitFor(
      (m) =>
        m.topic === `dev/${d.serial}/up/status` &&
        m.json.online === true &&
        observer.messages.indexOf(m) > observer.messages.indexOf(will),
    );
  });

  it('stop() says offline itself; silence() keeps the connection but publishes nothing', async () => {
    const d = await device({ deviceClass: 'insectLamp', telemetryIntervalMs: 100 });
    await observer.waitFor((m) => m.topic === `dev/${d.serial}/up/telemetry`);
    d.silence(true);
    await new Promise((r) => setTimeout(r, 150));
    const count = observer.messages.filter((m) => m.topic.startsWith(`dev/${d.serial}/`)).length;
    await new Promise((r) => setTimeout(r, 400));
    expect(observer.messages.filter((m) => m.topic.startsWith(`dev/${d.serial}/`)).length).toBe(count);
    expect(d.connected).toBe(true);
    d.silence(false);
    await d.stop();
    const bye = await observer.waitFor((m) => m.topic === `dev/${d.serial}/up/status` && m.json.online === false);
    expect(bye.json.firmware).toBeTypeOf('string');
  });

  it('runs a fleet of devices on one timer', async () => {
    const entries = Array.from({ length: 20 }, (_, i) => ({
      serial: uniqueSerial('fleet'),
      secret: `s${i}`,
      deviceClass: (['weatherStation', 'soilStation', 'envCabinet', 'insectLamp'] as const)[i % 4],
    }));
    for (const e of entries) broker.register(e.serial, e.secret);
    const fleet = createFleet(entries, { brokerUrl: broker.url, telemetryIntervalMs: 200 });
    const result = await fleet.start();
    try {
      expect(result).toEqual({ connected: 20, failed: [] });
      for (const e of entries) {
        await observer.waitFor(
          (m) =>
            m.topic === `dev/${e.serial}/up/telemetry` &&
            observer.messages.filter((x) => x.topic === m.topic).length >= 2,
        );
      }
      expect(fleet.get(entries[0].serial)?.deviceClass).toBe('weatherStation');
    } finally {
      await fleet.stop();
    }
  });
});

describe('device credentials and options', () => {
  it('is refused by a broker with a wrong secret', async () => {
    const [aedes] = BROKERS;
    const broker = await aedes.start();
    try {
      broker.register('WRONG-1', 'right');
      const d = createDevice({ serial: 'WRONG-1', secret: 'wrong', deviceClass: 'camera', brokerUrl: broker.url });
      await expect(d.start()).rejects.toThrow(/WRONG-1/);
      expect(d.connected).toBe(false);
    } finally {
      await broker.close();
    }
  });

  it('names the field of bad options', () => {
    const base = { serial: 'A1', secret: 's', deviceClass: 'weatherStation' as const, brokerUrl: 'mqtt://127.0.0.1:1' };
    expect(() => createDevice({ ...base, serial: 'bad serial!' })).toThrow(/serial: must be/);
    expect(() => createDevice({ ...base, model: 'SF-4' })).toThrow(/model: must be one of QX-8, QX-12/);
    expect(() => createDevice({ ...base, lat: 95 })).toThrow(/lat/);
    expect(() => createDevice({ ...base, brokerUrl: 'http://x' })).toThrow(/brokerUrl/);
    expect(() => createDevice({ ...base, deviceClass: 'toaster' as never })).toThrow(/deviceClass/);
  });
});
