import { TESTING_BUFFER, TESTING_PAYLOAD_MAX } from '@farmpark/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeviceMessageBus } from '../../mqtt/deviceMessages';
import { createWatches, type Watches } from './watches';

const up = (serial: string, payload: string) => ({
  serial,
  channel: 'event' as const,
  payload: Buffer.from(payload),
  receivedAt: Date.now(),
});

describe('watches', () => {
  let watches: Watches | undefined;
  afterEach(() => watches?.close());

  it('keeps at most TESTING_BUFFER messages per device and counts what dropped off', async () => {
    const bus = createDeviceMessageBus();
    watches = createWatches(bus.tap);
    const device = { deviceId: 7, serial: 'W-1' };
    await watches.poll(device);
    for (let i = 0; i < TESTING_BUFFER + 30; i++) await bus.dispatch(up('W-1', `{"n":${i}}`));
    const { list, dropped } = await watches.poll(device);
    expect(list).toHaveLength(TESTING_BUFFER);
    expect(dropped).toBe(30);
    expect(list[0].payload).toBe('{"n":30}');
    expect(list.map((e) => e.seq)).toEqual(list.map((_, i) => 31 + i));
    // stamps only go up, so "after the last one held" misses nothing and repeats nothing
    expect(list.every((e, i) => i === 0 || e.at > list[i - 1].at)).toBe(true);
  });

  it('cuts a long payload and says so', async () => {
    const bus = createDeviceMessageBus();
    watches = createWatches(bus.tap);
    await watches.poll({ deviceId: 1, serial: 'W-2' });
    await bus.dispatch(up('W-2', 'x'.repeat(TESTING_PAYLOAD_MAX + 10)));
    const [e] = (await watches.poll({ deviceId: 1, serial: 'W-2' })).list;
    expect(e.truncated).toBe(true);
    expect(e.payload).toHaveLength(TESTING_PAYLOAD_MAX);
  });

  it('stops watching a device nobody polls any more, and then the tap ignores it', async () => {
    const bus = createDeviceMessageBus();
    let t = 1_000_000;
    watches = createWatches(bus.tap, { now: () => t, idleMs: 1000 });
    await watches.poll({ deviceId: 3, serial: 'W-3' });
    expect(bus.tap.watching('W-3')).toBe(true);
    t += 5000;
    await new Promise((r) => setTimeout(r, 1100)); // the sweeper runs at least every second
    expect(watches.watching(3)).toBe(false);
    expect(bus.tap.watching('W-3')).toBe(false);
  });

  it('holds a poll with nothing new until the next message, or until its hold runs out', async () => {
    const bus = createDeviceMessageBus();
    watches = createWatches(bus.tap);
    const device = { deviceId: 4, serial: 'W-4' };
    await watches.poll(device);
    await bus.dispatch(up('W-4', '{"n":1}'));
    const first = await watches.poll(device, 0, 5000);
    const held = watches.poll(device, first.list[0].at, 5000);
    await bus.dispatch(up('W-4', '{"n":2}'));
    expect((await held).list.map((e) => e.payload)).toEqual(['{"n":2}']);
    const t0 = Date.now();
    const empty = await watches.poll(device, Number.MAX_SAFE_INTEGER, 200);
    expect(empty.list).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
  });
});
