import { commandSchema, MAX_READINGS_PER_MESSAGE, type Reading } from '@farmpark/contracts';
import { z } from 'zod';
import { CommandRefused } from './behaviour';
import { createBehaviour } from './models';
import { localDayIndex, placeOf, toMinutes } from './models/place';
import { DEFAULT_LOCATION, defaultModel, describeZodError, deviceIdentity } from './options';
import { hashSeed } from './random';
import { toReadingValues } from './readings';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm');

export const historySpec = z.intersection(
  deviceIdentity,
  z.object({
    /** Seeds the device's own noise when `seed` is absent, so history matches the live device. */
    serial: z.string().min(1).optional(),
    /** Commands repeated every local day (an irrigation schedule, greenhouse vents), so history has operations. */
    daily: z
      .array(z.object({ at: hhmm, name: z.string().min(1), params: z.record(z.string(), z.unknown()).default({}) }))
      .default([]),
  }),
);
export type HistorySpec = z.input<typeof historySpec>;

const DAY_MS = 86_400_000;

/**
 * Readings of one device from `fromTs` to `toTs` every `stepMs`, without MQTT: the same physics as
 * the live device, deterministic for a seed. Yields batches (at most one telemetry message each).
 */
export function* generateHistory(
  spec: HistorySpec,
  fromTs: number,
  toTs: number,
  stepMs: number,
  batchSize = MAX_READINGS_PER_MESSAGE,
): Generator<Reading[]> {
  const parsed = historySpec.safeParse(spec);
  if (!parsed.success) throw new TypeError(`invalid history spec: ${describeZodError(parsed.error)}`);
  const s = parsed.data;
  for (const [name, v] of [
    ['fromTs', fromTs],
    ['toTs', toTs],
    ['stepMs', stepMs],
    ['batchSize', batchSize],
  ] as const) {
    if (!Number.isInteger(v) || v <= 0)
      throw new TypeError(`invalid history range: ${name} must be a positive integer`);
  }
  if (toTs < fromTs) throw new TypeError('invalid history range: toTs must not be before fromTs');

  const daily = s.daily.map((d, i) => {
    const schema = commandSchema(s.deviceClass, d.name);
    if (!schema)
      throw new TypeError(`invalid history spec: daily.${i}.name: ${s.deviceClass} has no command ${d.name}`);
    const p = schema.safeParse(d.params);
    if (!p.success) throw new TypeError(`invalid history spec: ${describeZodError(p.error, `daily.${i}.params`)}`);
    return { minute: toMinutes(d.at), name: d.name, params: p.data as Record<string, unknown> };
  });

  const place = placeOf(s.lat ?? DEFAULT_LOCATION.lat, s.lon ?? DEFAULT_LOCATION.lon, s.tzOffsetMin);
  const behaviour = createBehaviour(
    {
      deviceClass: s.deviceClass,
      model: s.model ?? defaultModel(s.deviceClass),
      seed: s.seed ?? hashSeed(s.serial ?? s.deviceClass),
      place,
    },
    fromTs,
  );

  /** Scheduled commands falling in (a, b], in time order. */
  const scheduledIn = (a: number, b: number) => {
    const out: Array<{ at: number; name: string; params: Record<string, unknown> }> = [];
    if (daily.length === 0) return out;
    for (let day = localDayIndex(a, place); day <= localDayIndex(b, place); day++) {
      const midnight = day * DAY_MS - place.tzOffsetMin * 60_000;
      for (const d of daily) {
        const at = midnight + d.minute * 60_000;
        if (at > a && at <= b) out.push({ at, name: d.name, params: d.params });
      }
    }
    return out.sort((x, y) => x.at - y.at);
  };

  let batch: Reading[] = [];
  let prev = fromTs;
  for (let ts = fromTs; ts <= toTs; ts += stepMs) {
    for (const c of scheduledIn(prev, ts)) {
      behaviour.advance(c.at);
      try {
        behaviour.command(c.name, c.params);
      } catch (err) {
        // A real controller refuses too (e.g. a run still active); the schedule just moves on.
        if (!(err instanceof CommandRefused)) throw err;
      }
    }
    behaviour.unattended(prev);
    behaviour.advance(ts);
    behaviour.takeEvents();
    prev = ts;
    const values = toReadingValues(s.deviceClass, behaviour.sample());
    if (Object.keys(values).length === 0) continue;
    batch.push({ ts, values });
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
