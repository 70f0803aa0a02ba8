import { describe, expect, it } from 'vitest';
import { DEVICE_CLASSES, emptyFlags, flagsFromClasses } from './deviceClasses';

describe('device class flags', () => {
  it('start all false (SPEC §3)', () => {
    expect(Object.values(emptyFlags())).toEqual([false, false, false, false, false, false, false]);
  });

  it('follow the classes of the devices a park really has', () => {
    expect(flagsFromClasses(['valveController', 'weatherStation', 'weatherStation'])).toEqual({
      ...emptyFlags(),
      watering: true,
      weather: true,
    });
    expect(flagsFromClasses(['camera'])).toEqual(emptyFlags());
    expect(flagsFromClasses(['unknownThing'])).toEqual(emptyFlags());
  });

  it('every class except cameras sets one flag', () => {
    const all = flagsFromClasses(DEVICE_CLASSES);
    expect(Object.values(all).every(Boolean)).toBe(true);
  });
});
