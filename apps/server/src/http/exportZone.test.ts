import { describe, expect, it } from 'vitest';
import { exportStamp, zonedTimeFormat } from './exportWriter';

// 2026-11-22 00:30:00 UTC
const AT = Date.UTC(2026, 10, 22, 0, 30, 0);

describe('export times', () => {
  it('are wall-clock times of the given zone, not of the process', () => {
    expect(zonedTimeFormat('Asia/Shanghai')(AT)).toBe('2026-11-22 08:30:00');
    expect(zonedTimeFormat('UTC')(AT)).toBe('2026-11-22 00:30:00');
    expect(zonedTimeFormat('America/Los_Angeles')(AT)).toBe('2026-11-21 16:30:00');
  });

  it('stamp file names with the minute of that zone, so the name says the same day as the rows', () => {
    expect(exportStamp('Asia/Shanghai', AT)).toBe('202611220830');
    expect(exportStamp('America/Los_Angeles', AT)).toBe('202611211630');
  });
});
