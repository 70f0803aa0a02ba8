import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDeviceMessageBus } from '../../mqtt/deviceMessages';
import { describeEachEngine } from '../../test/harness';
import { createDeviceRegistry } from '../devices/registry';
import { startTelemetry, type TelemetryRuntime } from './runtime';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);

describeEachEngine('telemetry ingest', (env) => {
  let rt: TelemetryRuntime;
  const published: { topic: string; payload: unknown }[] = [];
  const bus = createDeviceMessageBus();
  const send = (serial: string, payload: unknown) =>
    bus.dispatch({
      serial,
      channel: 'telemetry',
      payload: Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)),
      receivedAt: Date.now(),
    });
  const rows = (serial: string) =>
    env()
      .db.selectFrom('telemetry')
      .innerJoin('devices', 'devices.id', 'telemetry.device_id')
      .select(['key', 'ts', 'value'])
      .where('devices.serial', '=', serial)
      .orderBy('ts')
      .orderBy('key')
      .execute();

  beforeAll(async () => {
    rt = await startTelemetry({
      config: env().config,
      db: env().db,
      bus,
      registry: createDeviceRegistry(env().db),
      publish: async (topic, payload) => void published.push({ topic, payload }),
    });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('stores readings, updates latest, rollups and last_seen_at, and fans out per park', async () => {
    await send('DF-WS-0001', {
      readings: [
        { ts: T0, values: { airTemp: 20, airHumidity: 50 } },
        { ts: T0 + 60_000, values: { airTemp: 22, airHumidity: 55 } },
      ],
    });
    expect(await rows('DF-WS-0001')).toHaveLength(4);
    const latest = await env()
      .db.selectFrom('device_latest')
      .selectAll()
      .where('key', '=', 'airTemp')
      .executeTakeFirstOrThrow();
    expect(latest).toMatchObject({ ts: T0 + 60_000, value: 22, prev_value: 20 });
    const hour = await env()
      .db.selectFrom('telemetry_hourly')
      .selectAll()
      .where('key', '=', 'airTemp')
      .executeTakeFirstOrThrow();
    expect(hour).toMatchObject({ bucket: T0, min: 20, max: 22, sum: 42, count: 2, last: 22 });
    const dev = await env()
      .db.selectFrom('devices')
      .select(['last_seen_at', 'merchant_id', 'group_id'])
      .where('serial', '=', 'DF-WS-0001')
      .executeTakeFirstOrThrow();
    expect(dev.last_seen_at).toBeGreaterThan(Date.now() - 10_000);
    const fan = published.find((p) => p.topic === `web/${dev.merchant_id}/${dev.group_id}/telemetry`);
    expect(fan?.payload).toMatchObject({ readings: [{ ts: T0, values: { airTemp: 20, airHumidity: 50 } }, {}] });
  });

  it('ignores duplicates and folds late readings into their buckets', async () => {
    await send('DF-WS-0001', { readings: [{ ts: T0, values: { airTemp: 25 } }] });
    await send('DF-WS-0001', { readings: [{ ts: T0 - 30 * 60_000, values: { airTemp: 10 } }] });
    const stored = (await rows('DF-WS-0001')).filter((r) => r.key === 'airTemp');
    expect(stored.map((r) => [r.ts, r.value])).toEqual([
      [T0 - 30 * 60_000, 10],
      [T0, 20],
      [T0 + 60_000, 22],
    ]);
    const hours = await env()
      .db.selectFrom('telemetry_hourly')
      .selectAll()
      .where('key', '=', 'airTemp')
      .orderBy('bucket')
      .execute();
    expect(hours.map((h) => [h.bucket, h.count, h.sum])).toEqual([
      [T0 - 3_600_000, 1, 10],
      [T0, 2, 42],
    ]);
    const latest = await env()
      .db.selectFrom('device_latest')
      .select(['ts', 'value'])
      .where('key', '=', 'airTemp')
      .executeTakeFirstOrThrow();
    expect(latest).toEqual({ ts: T0 + 60_000, value: 22 });
  });

  it('refuses bad messages whole, counts them, and keeps storing the next ones', async () => {
    const before = (await rows('DF-SS-0001')).length;
    await send('DF-SS-0001', 'not json');
    await send('DF-SS-0001', { readings: [] });
    await send('DF-SS-0001', { readings: [{ ts: T0, values: { soilMoisture10: 30, bogus: 1 } }] });
    await send('DF-SS-0001', {
      readings: [
        { ts: T0, values: { soilMoisture10: 30 } },
        { ts: T0 + 1, values: { soilPh: 15 } },
      ],
    });
    await send('DF-SS-0001', { readings: [{ ts: 1000, values: { soilMoisture10: 30 } }] });
    await send('NOPE-0001', { readings: [{ ts: T0, values: { soilMoisture10: 30 } }] });
    expect(await rows('DF-SS-0001')).toHaveLength(before);
    await send('DF-SS-0001', { readings: [{ ts: T0, values: { soilMoisture10: 31 } }] });
    expect(await rows('DF-SS-0001')).toHaveLength(before + 1);
    const counts = await env().db.selectFrom('ingest_refused').select(['serial', 'reason', 'count']).execute();
    const of = (serial: string, reason: string) =>
      counts.find((c) => c.serial === serial && c.reason === reason)?.count;
    expect(of('DF-SS-0001', 'json')).toBe(1);
    expect(of('DF-SS-0001', 'schema')).toBe(1);
    expect(of('DF-SS-0001', 'unknownKey')).toBe(1);
    expect(of('DF-SS-0001', 'outOfRange')).toBe(1);
    expect(of('DF-SS-0001', 'badTime')).toBe(1);
    expect(of('NOPE-0001', 'unknownDevice')).toBe(1);
    expect(bus.failures.telemetry).toBe(6);
  });
});
