import { describe, expect, it } from 'vitest';
import { createDeviceMessageBus } from './deviceMessages';
import type { TapMessage } from './deviceTap';

const msg = (serial: string, payload: string) => ({
  serial,
  channel: 'telemetry' as const,
  payload: Buffer.from(payload),
  receivedAt: 1_700_000_000_000,
});

describe('device tap', () => {
  it('hands a watched device its messages both ways with the handlers verdict, and nothing of others', async () => {
    const bus = createDeviceMessageBus();
    bus.on('telemetry', async (m) => {
      if (m.payload.toString() === 'bad') throw new Error('telemetry refused (json): payload is not JSON');
    });
    const seen: TapMessage[] = [];
    const stop = bus.tap.watch('A-1', (m) => seen.push(m));
    await bus.dispatch(msg('A-1', '{"readings":[]}'));
    await bus.dispatch(msg('A-1', 'bad'));
    await bus.dispatch(msg('B-2', 'bad'));
    bus.tap.down('dev/A-1/down/cmd', { cmdId: 'c1', name: 'setValve' });
    bus.tap.down('dev/B-2/down/cmd', { cmdId: 'c2' });
    bus.tap.down('web/1/2/cmd', { cmdId: 'c3' });

    expect(seen.map((m) => [m.direction, m.channel, m.payload, m.refusals.length])).toEqual([
      ['up', 'telemetry', '{"readings":[]}', 0],
      ['up', 'telemetry', 'bad', 1],
      ['down', 'cmd', '{"cmdId":"c1","name":"setValve"}', 0],
    ]);
    expect((seen[1].refusals[0] as Error).message).toContain('not JSON');
    expect(seen[0].topic).toBe('dev/A-1/up/telemetry');
    // a refused message still counts as a failure of the bus, watched or not
    expect(bus.failures.telemetry).toBe(2);

    stop();
    expect(bus.tap.watching('A-1')).toBe(false);
    await bus.dispatch(msg('A-1', 'bad'));
    expect(seen).toHaveLength(3);
  });

  it('a watcher that throws does not disturb the device traffic', async () => {
    const bus = createDeviceMessageBus();
    let handled = 0;
    bus.on('telemetry', async () => {
      handled++;
    });
    bus.tap.watch('A-1', () => {
      throw new Error('broken page');
    });
    await expect(bus.dispatch(msg('A-1', '{}'))).resolves.toBeUndefined();
    expect(handled).toBe(1);
  });
});
