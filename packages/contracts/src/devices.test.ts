import { describe, expect, it } from 'vitest';
import { DEVICE_CLASSES } from './deviceClasses';
import { DEVICE_MODEL, deviceClassNames, paramDef } from './devices';

describe('device model', () => {
  it('describes every device class with at least one model', () => {
    for (const c of DEVICE_CLASSES) {
      expect(DEVICE_MODEL[c].key).toBe(c);
      expect(DEVICE_MODEL[c].models.length).toBeGreaterThan(0);
    }
  });

  it('gives each parameter a unique key, a known group and a sane range', () => {
    for (const c of DEVICE_CLASSES) {
      const def = DEVICE_MODEL[c];
      const keys = def.params.map((p) => p.key);
      expect(new Set(keys).size, c).toBe(keys.length);
      const groups = new Set(def.groups.map((g) => g.key));
      for (const p of def.params) {
        expect(groups.has(p.group), `${c}.${p.key}`).toBe(true);
        expect(p.min, `${c}.${p.key}`).toBeLessThan(p.max);
        expect(p.zh && p.en).toBeTruthy();
      }
    }
  });

  it('looks parameters up by class and key', () => {
    expect(paramDef('weatherStation', 'airTemp')?.unit).toBe('°C');
    expect(paramDef('weatherStation', 'nope')).toBeUndefined();
  });

  it('names every class once per language', () => {
    const zh = deviceClassNames('zh');
    expect(Object.keys(zh).sort()).toEqual([...DEVICE_CLASSES].sort());
    expect(zh.insectTrap).toBe('虫情测报灯');
    expect(new Set(Object.values(deviceClassNames('en'))).size).toBe(DEVICE_CLASSES.length);
  });
});
