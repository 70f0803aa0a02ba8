import { describe, expect, it } from 'vitest';
import { countByClass } from './countDevices';

describe('countByClass', () => {
  it('counts the real devices per class in catalogue order', () => {
    const d = (deviceId: number, deviceClass: 'camera' | 'weatherStation' | 'waterFertilizer') => ({
      deviceId,
      serial: `S${deviceId}`,
      deviceName: `D${deviceId}`,
      deviceClass,
    });
    expect(countByClass([d(1, 'camera'), d(2, 'weatherStation'), d(3, 'camera'), d(4, 'waterFertilizer')])).toEqual([
      { deviceClass: 'waterFertilizer', count: 1 },
      { deviceClass: 'weatherStation', count: 1 },
      { deviceClass: 'camera', count: 2 },
    ]);
    expect(countByClass([])).toEqual([]);
  });
});
