import {
  type AlarmPreview,
  isOwnerJudged,
  MAX_SERIES_POINTS,
  PREVIEW_MAX_DEVICES,
  PREVIEW_RANGE_MS,
  type PreviewAlarmRuleBody,
  type PreviewEvent,
  type RuleCondition,
  type TimeWindow,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import { requirePark, scopeOf } from '../../http/scope';
import { dueAt, evaluate, initialState, type RuleInput } from '../../rules/evaluate';
import type { AuthContext } from '../auth/sessions';
import { countRaw, rawPoints } from '../telemetry/repo';
import * as repo from './repo';

/** Above this many raw readings in 7 days, the preview runs over hourly averages. */
export const PREVIEW_MAX_RAW = 200_000;

/**
 * Runs the evaluator over a series as the engine would have: each reading in order, and a timer tick
 * whenever a pending duration would have run out between two readings.
 */
export function replay(
  condition: RuleCondition,
  windows: TimeWindow[],
  tz: string,
  inputs: { ts: number; input: RuleInput }[],
  end: number,
): PreviewEvent[] {
  const events: PreviewEvent[] = [];
  let state = initialState();
  const apply = (ts: number, input: RuleInput) => {
    const e = evaluate(condition, state, input, ts, { windows, tz });
    state = e.state;
    if (e.transition !== 'none')
      events.push({ ts, type: e.transition, value: condition.kind === 'threshold' ? state.lastValue : null });
  };
  for (const { ts, input } of [...inputs, { ts: end, input: { type: 'tick' } as RuleInput }]) {
    const due = dueAt(condition, state);
    if (due !== null && due < ts) apply(due, { type: 'tick' });
    apply(ts, input);
  }
  return events;
}

const thin = (points: [number, number][]): [number, number][] => {
  if (points.length <= MAX_SERIES_POINTS) return points;
  const step = Math.ceil(points.length / MAX_SERIES_POINTS);
  return points.filter((_, i) => i % step === 0 || i === points.length - 1);
};

/** What the rule would have done over the last 7 days of the park's real data. */
export async function previewRule(
  db: Db,
  auth: AuthContext,
  body: PreviewAlarmRuleBody,
  tz: string,
  now = Date.now(),
): Promise<AlarmPreview> {
  const scope = scopeOf(auth);
  requirePark(auth, body.groupId);
  const from = now - PREVIEW_RANGE_MS;
  // a planting rule has no device to replay: its hours out are on each planting's page; a trap count rule
  // counts pictures, not readings: the catches are on the pest pages; a flow rule judges finished runs
  if (isOwnerJudged(body.condition.kind)) return { startTime: from, endTime: now, devices: [] };
  const devices =
    body.deviceId !== undefined
      ? [await repo.parkDevice(db, scope, body.groupId, body.deviceId)]
      : await repo.parkDevicesOfClass(db, scope, body.groupId, body.deviceClass ?? '', PREVIEW_MAX_DEVICES);
  if (devices[0] === undefined) throw notFound(`deviceId ${body.deviceId}: device in park ${body.groupId}`);
  const out: AlarmPreview['devices'] = [];
  for (const d of devices) {
    if (!d) continue;
    const c = body.condition;
    if (c.kind !== 'threshold') {
      const times = await repo.readingTimes(db, d.id, from, now);
      const inputs = times.map((t) => ({ ts: t.ts, input: { type: 'seen', lastSeenAt: t.ts } as RuleInput }));
      out.push({
        deviceId: d.id,
        deviceName: d.name,
        source: 'raw',
        points: thin(times.map((t) => [t.ts, 1])),
        events: replay(c, body.windows, tz, inputs, now),
      });
      continue;
    }
    const dense = (await countRaw(db, d.id, c.key, from, now)) > PREVIEW_MAX_RAW;
    const series = dense
      ? await repo.hourlySeries(db, d.id, c.key, from, now)
      : await rawPoints(db, d.id, c.key, from, now);
    const inputs = series.map((p) => ({ ts: p.ts, input: { type: 'reading', ts: p.ts, value: p.value } as RuleInput }));
    out.push({
      deviceId: d.id,
      deviceName: d.name,
      source: dense ? 'hour' : 'raw',
      points: thin(series.map((p) => [p.ts, p.value])),
      events: replay(c, body.windows, tz, inputs, now),
    });
  }
  return { startTime: from, endTime: now, devices: out };
}
