import { telemetryPayload } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { fastTelemetryReadings } from './fastValidate';

const ok = { ts: 1_732_250_000_000, values: { airTemp: 21.5 } };
const cases: unknown[] = [
  { readings: [ok] },
  { readings: [ok, { ts: 1, values: {} }], extra: 1 },
  { readings: [{ ...ok, note: 'x' }] },
  { readings: [] },
  { readings: Array.from({ length: 1001 }, () => ok) },
  { readings: Array.from({ length: 1000 }, () => ok) },
  { readings: [{ ts: 0, values: {} }] },
  { readings: [{ ts: -5, values: {} }] },
  { readings: [{ ts: 1.5, values: {} }] },
  { readings: [{ ts: '1', values: {} }] },
  { readings: [{ ts: 2 ** 60, values: {} }] },
  { readings: [{ ts: 1, values: [] }] },
  { readings: [{ ts: 1, values: null }] },
  { readings: [{ ts: 1 }] },
  { readings: [{ ts: 1, values: { airTemp: '21' } }] },
  { readings: [{ ts: 1, values: { airTemp: null } }] },
  { readings: [{ ts: 1, values: { '1abc': 1 } }] },
  { readings: [{ ts: 1, values: { a_b9: 1 } }] },
  { readings: [{ ts: 1, values: { ['x'.repeat(65)]: 1 } }] },
  { readings: [{ ts: 1, values: { ['x'.repeat(64)]: 1 } }] },
  { readings: [null] },
  { readings: [[]] },
  { readings: {} },
  { readings: 'x' },
  null,
  [],
  42,
  'readings',
  {},
];

it('accepts and refuses exactly what the zod schema does', () => {
  for (const c of cases) {
    const fast = fastTelemetryReadings(c);
    const zod = telemetryPayload.safeParse(c);
    expect(fast !== null, JSON.stringify(c)?.slice(0, 80)).toBe(zod.success);
    if (fast && zod.success) expect(fast.map((r) => ({ ts: r.ts, values: r.values }))).toEqual(zod.data.readings);
  }
});

it('refuses non-finite numbers that JSON cannot carry but objects can', () => {
  expect(fastTelemetryReadings({ readings: [{ ts: 1, values: { a: Number.NaN } }] })).toBeNull();
  expect(fastTelemetryReadings({ readings: [{ ts: 1, values: { a: Number.POSITIVE_INFINITY } }] })).toBeNull();
});
