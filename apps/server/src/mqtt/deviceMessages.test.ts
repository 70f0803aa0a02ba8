import { expect, it } from 'vitest';
import { createDeviceMessageBus, type DeviceMessage, dispatchUpPublish } from './deviceMessages';

const msg = (channel: DeviceMessage['channel']): DeviceMessage => ({
  serial: 'S-1',
  channel,
  payload: Buffer.from('{}'),
  receivedAt: 1,
});

it('resolves after every handler of the channel, and counts a failing handler instead of rejecting', async () => {
  const errors: unknown[] = [];
  const bus = createDeviceMessageBus({ onError: (_m, e) => errors.push(e) });
  const seen: string[] = [];
  bus.on('telemetry', async () => {
    await new Promise((r) => setTimeout(r, 20));
    seen.push('slow');
  });
  bus.on('telemetry', async () => {
    throw new Error('refused');
  });
  await expect(bus.dispatch(msg('telemetry'))).resolves.toBeUndefined();
  expect(seen).toEqual(['slow']);
  expect(bus.failures.telemetry).toBe(1);
  expect(errors).toHaveLength(1);
  // no handler: resolves at once (the device gets its PUBACK and does not resend forever)
  await expect(bus.dispatch(msg('ack'))).resolves.toBeUndefined();
});

it('dispatches only dev/{serial}/up/{channel} topics, with the serial and channel taken from the topic', async () => {
  const bus = createDeviceMessageBus();
  const got: DeviceMessage[] = [];
  bus.on('status', async (m) => void got.push(m));
  await dispatchUpPublish(bus, 'dev/DF-1/up/status', '{"online":true}', 7);
  await dispatchUpPublish(bus, 'dev/DF-1/down/cmd', '{}');
  await dispatchUpPublish(bus, 'dev/+/up/status', '{}');
  await dispatchUpPublish(bus, 'web/1/2/telemetry', '{}');
  expect(got).toHaveLength(1);
  expect(got[0]).toMatchObject({ serial: 'DF-1', channel: 'status', deviceId: 7 });
  expect(got[0].payload.toString()).toBe('{"online":true}');
});
