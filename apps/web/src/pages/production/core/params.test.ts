import { describe, expect, it } from 'vitest';
import { outsideRange } from './idealRanges';
import { MEASURED_PARAMS, paramName, rangeText } from './params';

describe('production parameters', () => {
  it('offers each measured parameter once, and no switch states', () => {
    const keys = MEASURED_PARAMS.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['airTemp', 'airHumidity', 'soilMoisture10', 'soilEc']));
    expect(keys).not.toContain('valve1');
  });

  it('writes ranges with their unit and open bounds', () => {
    expect(rangeText({ key: 'airTemp', min: 18, max: 28 })).toBe('18 ~ 28 °C');
    expect(rangeText({ key: 'airHumidity', min: 60, max: null })).toBe('≥ 60 %RH');
    expect(rangeText({ key: 'soilEc', min: null, max: 2.5 })).toBe('≤ 2.5 mS/cm');
    expect(paramName('airTemp', false)).toBe('空气温度');
    expect(paramName('airTemp', true)).toBe('Air temperature');
    expect(paramName('unknownKey', true)).toBe('unknownKey');
  });

  it('marks a value outside a range, bounds included in range', () => {
    const r = { key: 'airTemp', min: 18, max: 28 };
    expect(outsideRange(r, 17.9)).toBe(true);
    expect(outsideRange(r, 18)).toBe(false);
    expect(outsideRange(r, 28)).toBe(false);
    expect(outsideRange(r, 28.1)).toBe(true);
    expect(outsideRange({ key: 'airTemp', min: null, max: 10 }, -50)).toBe(false);
  });
});
