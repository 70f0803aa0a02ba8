import {
  FLOW_METERED_CLASSES,
  type FlowAlarmSubject,
  type FlowFinding,
  type ZoneFlowAlarmCondition,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { parkScope } from '../../db/scope';
import type { LoadedRule } from '../../rules/engine';
import { enabledAlarmRulesByPark, type KeyedJudgment, oncePer, settleRule } from '../alarms/hourlyRules';
import type { AlarmLifecycle } from '../alarms/lifecycle';
import { openKeysOfRule, ruleDevices } from '../alarms/repo';
import * as flowRepo from './flowRepo';
import * as repo from './repo';
import { parseJson, round } from './runRecord';

const MIN = 60_000;
/** How often the rule job's tick judges the flow rules. */
export const FLOW_JUDGE_MS = 5 * MIN;
/** The pipe fills and empties this long after a valve opens or closes: readings then are not judged. */
export const FLOW_GRACE_MS = 2 * MIN;
/** Flow at or under this (m³/h) is none: a meter's zero drifts. */
export const FLOW_EPS = 0.05;
/**
 * A zone learns from its last ZONE_RUNS runs (of the machine's last RUNS_READ): long enough that a line clogging
 * over a day is measured against the days before it, short enough that a lasting change is learnt in time.
 */
export const ZONE_RUNS = 40;
const RUNS_READ = 200;

export interface FlowAlarmDeps {
  db: Db;
  lifecycle: Pick<AlarmLifecycle, 'raiseKeyed' | 'clearKeyed'>;
  now?: () => number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

type Device = { deviceId: number; name: string; serial: string };

interface Measured {
  id: number;
  zones: number[];
  flow: number;
  pressure: number | null;
}

/**
 * Alarm rules of condition `zoneFlow` (issue 26, point 4). Each zone (a run's set of zones) learns its usual
 * flow and pressure from its finished runs: the runs are walked oldest first, and the usual is the median mean
 * flow of its last runs that were within the rule's share of the usual before them (once there are `minRuns`),
 * so a clogged run does not teach the zone that clogged is usual, and a line that clogs a little more each run
 * is measured against the runs before it began. The zone's newest run is judged:
 * off by more than the share raises `low` (a clog) or `high` (a leak or burst), one open alarm per rule, machine
 * and zone, with the run and its numbers; a later run back within the share clears it. A run with a valve open
 * and no flow after the grace raises `noFlow`, flow while every valve is closed and no run is on `closedFlow`;
 * each clears when it no longer holds. Severity, contacts, channels, quiet hours and repeats are the rule's.
 */
export function createFlowAlarms(deps: FlowAlarmDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  // a finished run's readings do not change: its means are read once
  const measured = new Map<number, Measured | null>();

  async function measure(r: Awaited<ReturnType<typeof flowRepo.finishedRuns>>[number], deviceId: number) {
    const known = measured.get(r.id);
    if (known !== undefined) return known;
    const start = Number(r.started_at);
    const end = Number(r.ended_at);
    const from = start + Math.min(FLOW_GRACE_MS, (end - start) / 5);
    const stats = await flowRepo.readingStats(db, deviceId, ['flow', 'pressure'], from, end);
    const flow = stats.get('flow');
    const pressure = stats.get('pressure');
    const m = flow
      ? {
          id: r.id,
          zones: parseJson<number[]>(r.zones, []),
          flow: round(flow.mean, 2),
          pressure: pressure ? round(pressure.mean, 3) : null,
        }
      : null;
    measured.set(r.id, m);
    return m;
  }

  /** Each zone's newest run against its usual: a judgment keyed `d<machine>:z<zones>`. */
  async function judgeRuns(rule: LoadedRule, deviceId: number, out: Map<string, KeyedJudgment>, device: Device) {
    const c = rule.condition;
    if (c.kind !== 'zoneFlow') return;
    const byZone = new Map<string, Measured[]>();
    for (const r of (await flowRepo.finishedRuns(db, deviceId, RUNS_READ)).reverse()) {
      const m = await measure(r, deviceId);
      if (!m) continue;
      const key = [...m.zones].sort((a, b) => a - b).join(',');
      byZone.set(key, [...(byZone.get(key) ?? []), m]);
    }
    for (const [zone, runs] of byZone) {
      let learned: Measured[] = [];
      let verdict: { run: Measured; usual: Measured[]; offPct: number } | null = null;
      for (const run of runs.slice(-ZONE_RUNS)) {
        const usual = learned;
        if (usual.length < c.minRuns) {
          learned = [...learned, run];
          verdict = null;
          continue;
        }
        const usualFlow = median(usual.map((u) => u.flow));
        const offPct = usualFlow > 0 ? ((run.flow - usualFlow) / usualFlow) * 100 : 0;
        if (Math.abs(offPct) <= c.deviationPct) learned = [...learned, run];
        verdict = { run, usual, offPct };
      }
      const suffix = `d${deviceId}:z${zone}`;
      if (!verdict) continue; // still learning: whatever stands, stands
      const { run, usual, offPct } = verdict;
      if (Math.abs(offPct) <= c.deviationPct) {
        out.set(suffix, { state: 'clear', value: run.flow });
        continue;
      }
      const pressures = usual.flatMap((u) => (u.pressure === null ? [] : [u.pressure]));
      const flow: FlowAlarmSubject = {
        finding: offPct < 0 ? 'low' : 'high',
        runId: run.id,
        zones: run.zones,
        flow: run.flow,
        usualFlow: round(median(usual.map((u) => u.flow)), 2),
        pressure: run.pressure,
        usualPressure: pressures.length ? round(median(pressures), 3) : null,
        offPct: Math.round(offPct),
      };
      out.set(suffix, raise(c, device, flow));
    }
  }

  const raise = (c: ZoneFlowAlarmCondition, device: Device, flow: FlowAlarmSubject): KeyedJudgment => ({
    state: 'raise',
    alarm: { device, paramKey: 'flow', condition: { ...c, flow }, value: flow.flow },
  });
  const subject = (finding: FlowFinding, runId: number | null, zones: number[], flow: number): FlowAlarmSubject => ({
    finding,
    runId,
    zones,
    flow,
    usualFlow: null,
    pressure: null,
    usualPressure: null,
    offPct: null,
  });

  /** The valves against the meter now: no flow with a run's valve open, flow with every valve closed. */
  async function judgeValves(rule: LoadedRule, device: Device, out: Map<string, KeyedJudgment>, at: number) {
    const c = rule.condition;
    if (c.kind !== 'zoneFlow') return;
    const id = device.deviceId;
    const run = await flowRepo.runningRun(db, id);
    const noFlow = `d${id}:noflow`;
    const closed = `d${id}:closed`;
    if (run) {
      out.set(closed, { state: 'clear', value: null });
      const from = Number(run.started_at) + FLOW_GRACE_MS;
      const stats = from < at ? (await flowRepo.readingStats(db, id, ['flow'], from, at)).get('flow') : undefined;
      if (!stats) return; // too early to tell: whatever stands, stands
      if (stats.top > FLOW_EPS) out.set(noFlow, { state: 'clear', value: round(stats.mean, 2) });
      else out.set(noFlow, raise(c, device, subject('noFlow', run.id, parseJson<number[]>(run.zones, []), 0)));
      return;
    }
    out.set(noFlow, { state: 'clear', value: null });
    const latest = await repo.latest(db, id);
    const flow = latest.get('flow');
    const ended = await flowRepo.lastRunEnd(db, id);
    const valveOpen = [...latest].some(([k, v]) => /^valve\d+$/.test(k) && v.value > 0);
    if (!flow || (ended !== null && flow.ts < ended + FLOW_GRACE_MS)) return; // the pipe still empties
    if (flow.value > FLOW_EPS && !valveOpen)
      out.set(closed, raise(c, device, subject('closedFlow', null, [], round(flow.value, 2))));
    else out.set(closed, { state: 'clear', value: round(flow.value, 2) });
  }

  async function applyRule(rule: LoadedRule, at: number): Promise<void> {
    if (rule.condition.kind !== 'zoneFlow') return;
    const scope = parkScope(rule.merchantId, rule.groupId);
    const judged = new Map<string, KeyedJudgment>();
    const watched = new Set<string>();
    for (const m of await ruleDevices(db, scope, rule.groupId, rule, FLOW_METERED_CLASSES)) {
      const device = { deviceId: m.id, name: m.name, serial: m.serial };
      watched.add(`d${m.id}:`);
      await judgeRuns(rule, m.id, judged, device);
      await judgeValves(rule, device, judged, at);
    }
    // an open alarm of a machine still watched but not judged now (its zone's runs no longer read) stands; one of
    // a machine the rule no longer watches clears
    for (const key of await openKeysOfRule(db, scope, rule.id)) {
      const suffix = key.slice(`${rule.id}:`.length);
      if (!judged.has(suffix) && watched.has(`${suffix.split(':')[0]}:`))
        judged.set(suffix, { state: 'keep', value: null });
    }
    await settleRule(db, deps.lifecycle, rule, judged, at);
  }

  /** Judges every enabled flow rule now. */
  async function judge(at = now()): Promise<void> {
    for (const rules of await enabledAlarmRulesByPark(db, 'zoneFlow'))
      for (const rule of rules) await applyRule(rule, at);
  }

  return {
    judge,
    /** The rule job's tick: judges once per FLOW_JUDGE_MS of the clock. */
    tick: oncePer(FLOW_JUDGE_MS, now, judge),
  };
}
