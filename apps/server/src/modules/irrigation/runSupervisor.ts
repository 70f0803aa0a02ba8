import { ACTIVE_RUN_STATES, MACHINE_RUN_STATE, RUN_SILENCE_INTERVALS, RUN_SILENCE_MIN_MS } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import * as repo from './repo';
import { commandFailure, parseJson, type RunEnd, round } from './runRecord';
import { metersAtStart, settledUsage, startOf, usage, type Values } from './runUsage';

export interface SupervisorDeps {
  db: Db;
  now: () => number;
  /** Moves a run if it is still in `from`, and tells the console. */
  move(r: repo.RunRow, from: readonly string[], set: Parameters<typeof repo.updateRun>[3]): Promise<boolean>;
  announce(r: repo.RunRow | undefined): Promise<void>;
  /** Told once when a run has ended (smart rules log it and look afresh). */
  onEnded?: (run: repo.RunRow) => Promise<void>;
}

/** Whether fresh telemetry says the machine stopped watering this run's zones; 'fault' for a fault. */
function machineState(r: repo.RunRow, values: Values, freshAfter: number) {
  if (r.device_class === 'waterFertilizer') {
    const s = values.get('runState');
    if (!s || s.ts < freshAfter) return 'unknown';
    if (s.value === MACHINE_RUN_STATE.fault) return 'fault';
    return s.value === MACHINE_RUN_STATE.idle ? 'idle' : 'running';
  }
  const zones = parseJson<number[]>(r.zones, []);
  const valves = zones.map((z) => values.get(`valve${z}`));
  if (valves.some((v) => !v || v.ts < freshAfter)) return 'unknown';
  return valves.some((v) => v?.value === 1) ? 'running' : 'idle';
}

/** Planned amount reached? Used to tell a run that finished from one stopped at the machine. */
function endedEarly(r: repo.RunRow, at: number, waterM3: number | null): RunEnd | null {
  if (r.duration_min !== null && r.started_at !== null) {
    const ran = (at - Number(r.started_at)) / 60_000;
    if (ran < r.duration_min * 0.9 - 0.5) return { code: 'endedEarlyTime', value: round(ran, 1) };
  }
  if (r.volume_m3 !== null && waterM3 !== null && waterM3 < r.volume_m3 * 0.9) {
    return { code: 'endedEarlyVolume', value: round(waterM3, 3) };
  }
  return null;
}

/**
 * Follows active runs from the database (so it survives a restart): the start's ack makes a run
 * running; the stop's ack makes it stopped; the machine itself reporting idle ends it as done (or
 * stopped, if short);
 * silence, going offline, a fault or an unconfirmed command end it as failed.
 */
export function createRunSupervisor(deps: SupervisorDeps) {
  const { db, move } = deps;

  async function end(
    r: repo.RunRow,
    state: 'done' | 'failed' | 'stopped',
    why: RunEnd,
    at: number,
    used: ReturnType<typeof usage> & { usage_settled?: number } = {},
  ) {
    const moved = await move(r, ACTIVE_RUN_STATES, {
      ...used,
      state,
      active_key: null,
      ended_at: at,
      end_code: why.code,
      end_value: why.value ?? null,
      reason: (why.words ?? '').slice(0, 500),
    });
    if (moved && deps.onEnded) {
      const row = await repo.runById(db, r.id);
      if (row) await deps.onEnded(row);
    }
    return moved;
  }

  async function superviseOne(r: repo.RunRow, at: number): Promise<void> {
    const start = r.start_cmd_id ? await repo.commandOutcome(db, r.start_cmd_id) : undefined;
    if (r.state === 'starting') {
      if (!start || start.state === 'queued' || start.state === 'sent') return;
      if (start.state !== 'succeeded') {
        await end(r, 'failed', commandFailure('start', start), at);
        return;
      }
      const startedAt = start.acked_at ?? at;
      const values = await metersAtStart(db, r.device_id, startedAt, await repo.latest(db, r.device_id));
      await move(r, ['starting'], {
        state: 'running',
        started_at: startedAt,
        water_m3: values.has('totalWater') ? 0 : null,
        ...startOf(values),
      });
      return;
    }
    const stopCmd = r.stop_cmd_id ? await repo.commandOutcome(db, r.stop_cmd_id) : undefined;
    if (r.state === 'stopping' && stopCmd && (stopCmd.state === 'failed' || stopCmd.state === 'timedOut')) {
      await end(r, 'failed', commandFailure('stop', stopCmd), at);
      return;
    }
    const values = await repo.latest(db, r.device_id);
    const used = usage(r, values);
    if (r.state === 'stopping' && stopCmd?.state === 'succeeded') {
      // The machine confirmed the stop: the run is stopped now, not at its next idle report (it may
      // flush clean water for a while first). Its usage is settled once the readings around the stop
      // are stored (settle below).
      await end({ ...r, ...used } as repo.RunRow, 'stopped', { code: 'stopRequested' }, stopCmd.acked_at ?? at, {
        ...used,
        usage_settled: 0,
      });
      return;
    }
    const health = await repo.deviceHealth(db, r.device_id);
    if (health?.online !== 1) {
      await end(r, 'failed', { code: 'wentOffline' }, at);
      return;
    }
    const startedAt = Number(r.started_at ?? r.created_at);
    const lastTs = Math.max(startedAt, ...[...values.values()].map((v) => v.ts));
    const silence = Math.max(RUN_SILENCE_MIN_MS, RUN_SILENCE_INTERVALS * health.report_interval_ms);
    if (at - lastTs > silence) {
      await end(r, 'failed', { code: 'silent', value: Math.round((at - lastTs) / 1000) }, at);
      return;
    }
    // Only readings taken after the machine received the start say anything about this run.
    const freshAfter = Number(start?.sent_at ?? r.created_at);
    const machine = machineState(r, values, freshAfter);
    if (Object.keys(used).length) await repo.updateRun(db, r.id, ACTIVE_RUN_STATES, used);
    const after = { ...r, ...used } as repo.RunRow;
    if (machine === 'fault') {
      await end(after, 'failed', { code: 'fault' }, at);
    } else if (machine === 'idle') {
      if (r.state === 'stopping') {
        await end(after, 'stopped', { code: 'stopRequested' }, at);
      } else {
        const early = endedEarly(r, at, after.water_m3);
        await end(after, early ? 'stopped' : 'done', early ?? { code: '' }, at);
      }
    } else if (Object.keys(used).length) {
      await deps.announce(await repo.runById(db, r.id));
    }
  }

  /** A stopped run's usage read again from the readings around its stop (runUsage.settledUsage). */
  async function settle(r: repo.RunRow, at: number): Promise<void> {
    const health = await repo.deviceHealth(db, r.device_id);
    const silence = RUN_SILENCE_INTERVALS * (health?.report_interval_ms ?? 0);
    const set = await settledUsage(db, r, at, silence);
    if (set && (await repo.updateRun(db, r.id, ['stopped'], set))) await deps.announce(await repo.runById(db, r.id));
  }

  /** One pass over the active runs and the stopped runs still to settle (the rule job's tick). */
  async function supervise(): Promise<void> {
    const at = deps.now();
    for (const r of await repo.activeRuns(db)) await superviseOne(r, at);
    for (const r of await repo.unsettledRuns(db)) await settle(r, at);
  }

  return { supervise };
}
