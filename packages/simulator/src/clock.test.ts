import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';
import { createDevice } from './device';

const soil = (clock?: SimClock) =>
  createDevice({
    serial: 'SOIL-CLOCK',
    secret: 'secret-soil-clock',
    deviceClass: 'soilStation',
    brokerUrl: 'mqtt://127.0.0.1:1',
    ...(clock ? { simNow: clock.now } : {}),
  });

describe('the simulated clock', () => {
  it('moves the physics forward at once, not the readings’ time', async () => {
    const clock = new SimClock();
    const moved = soil(clock);
    const still = soil();
    moved.setDrying(3);
    still.setDrying(3);
    clock.advance(2 * 3600_000);
    // Without a broker, publishNow takes the reading and keeps it as the device's state.
    await moved.publishNow();
    await still.publishNow();
    expect(moved.state.soilMoisture10).toBeLessThan((still.state.soilMoisture10 as number) - 1);
    expect(clock.ahead).toBe(2 * 3600_000);
    expect(clock.now() - Date.now()).toBeGreaterThanOrEqual(2 * 3600_000 - 5);
  });

  it('only moves forward', () => {
    expect(() => new SimClock().advance(-1)).toThrow(RangeError);
  });
});
