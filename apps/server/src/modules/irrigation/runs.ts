import {
  ACTIVE_RUN_STATES,
  CLASS_PERMIT_URL,
  Code,
  classAllowed,
  commandSchema,
  type DeviceClass,
  IRRIGATION_CLASSES,
  type IrrigationClass,
  type IrrigationRun,
  MACHINE_RUN_STATE,
  type Paged,
  RUN_SILENCE_INTERVALS,
  RUN_SILENCE_MIN_MS,
  type RunEndCode,
  type RunListQuery,
  type RunState,
  type RunTrigger,
  type SendCommandResult,
  type StartRunBody,
  type StopReason,
  TANK_CAPACITY_L,
  TANKS,
  type Tank,
  webChannel,
  ZONE_COUNT,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { isUniqueViolation, type Scope } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import type { Publish } from '../../mqtt/publish';
import { type CommandActor, type CommandService, OFFLINE_REASON } from '../commands/service';
import * as repo from './repo';

export interface RunDeps {
  db: Db;
  commands: Pick<CommandService, 'send'>;
  publish?: Publish;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
  /** Told once when a run has ended (smart rules log it and look afresh). */
  onEnded?: (run: repo.RunRow) => Promise<void>;
}

export interface RunTriggerInfo {
  kind: RunTrigger;
  /** Program or rule id. */
  ref?: string;
  name?: string;
}

/** How a run ended, as stored: a code, the number its sentence needs, and a device's own words. */
export interface RunEnd {
  code: RunEndCode | '';
  value?: number | null;
  /** Only what the machine itself said. */
  words?: string;
}

/**
 * Why a start or stop command failed, from its record: offline and undelivered are the server's
 * findings (codes only); a refusal carries the machine's words.
 */
export function commandFailure(
  verb: 'start' | 'stop',
  c: { state: string; reason: string; ack_ok?: number | null },
): RunEnd {
  if (c.state === 'timedOut') return { code: `${verb}TimedOut` };
  if (c.ack_ok === 0) return { code: `${verb}Refused`, words: c.reason };
  if (c.reason === OFFLINE_REASON) return { code: `${verb}Offline` };
  return { code: `${verb}NotDelivered` };
}

/** Who a program or smart rule acts as: the merchant, in the machine's park, with that class only. */
export function systemActor(merchantId: number, groupId: number, deviceClass: DeviceClass, name: string): CommandActor {
  return {
    merchantId,
    groupIds: [groupId],
    grants: new Set([CLASS_PERMIT_URL[deviceClass]]),
    userId: null,
    loginName: name,
  };
}

const scopeOf = (a: CommandActor): Scope => ({ merchantId: a.merchantId, groupIds: a.groupIds });
const SOURCE = { manual: 'manual', program: 'program', smart: 'rule' } as const;
const parse = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function toRun(r: repo.RunRow): IrrigationRun {
  const used = parse<Partial<Record<Tank, number>>>(r.fertiliser, {});
  return {
    runId: r.id,
    groupId: r.group_id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    serial: r.device_serial,
    deviceClass: r.device_class as IrrigationClass,
    zones: parse<number[]>(r.zones, []),
    durationMin: r.duration_min,
    volumeM3: r.volume_m3,
    recipe: parse(r.recipe, null),
    trigger: r.trigger as RunTrigger,
    triggerRef: r.trigger_ref,
    triggerName: r.trigger_name,
    operator: r.operator,
    state: r.state as RunState,
    createdAt: Number(r.created_at),
    startedAt: r.started_at === null ? null : Number(r.started_at),
    endedAt: r.ended_at === null ? null : Number(r.ended_at),
    waterM3: r.water_m3,
    fertiliser: TANKS.filter((t) => (used[t] ?? 0) > 0).map((t) => ({ tank: t, litres: used[t] as number })),
    endCode: (r.end_code || null) as RunEndCode | null,
    endValue: r.end_value,
    // a stop with no reason given was an operator's
    stopReason: r.stop_cmd_id ? ((r.stop_reason || 'operator') as StopReason) : null,
    reason: r.reason,
    startCmdId: r.start_cmd_id,
    stopCmdId: r.stop_cmd_id,
  };
}

const isIrrigationClass = (c: string): c is IrrigationClass => (IRRIGATION_CLASSES as readonly string[]).includes(c);

function describeRun(r: repo.RunRow): { zh: string; en: string } {
  const who = r.trigger === 'manual' ? r.operator : `${r.trigger} ${r.trigger_name}`.trim();
  return {
    en: `run #${r.id} (${who}, zones ${parse<number[]>(r.zones, []).join(',')}, ${r.state})`,
    zh: `灌溉任务 #${r.id}（${who}，分区 ${parse<number[]>(r.zones, []).join(',')}，${r.state}）`,
  };
}

/**
 * Irrigation runs: start and stop go through the one command service; a run then follows the
 * machine's acks and telemetry (`supervise`, from the database, so it survives a restart). A run
 * is done only when the machine itself reports it idle; silence, going offline, a fault or an
 * unconfirmed command end it as failed.
 */
export function createRunService(deps: RunDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function announce(r: repo.RunRow | undefined): Promise<void> {
    if (!r || !deps.publish) return;
    await deps.publish(...webChannel(r.merchant_id, r.group_id, 'irrigation', toRun(r))).catch((err: Error) => {
      deps.log?.warn({ runId: r.id, err: err.message }, 'irrigation run not published');
    });
  }

  async function move(r: repo.RunRow, from: readonly string[], set: Parameters<typeof repo.updateRun>[3]) {
    const moved = await repo.updateRun(db, r.id, from, set);
    if (moved) await announce(await repo.runById(db, r.id));
    return moved;
  }

  /** Refuses a start on a machine that is busy (a run of ours, or running by itself). */
  async function assertIdle(deviceId: number, deviceName: string, deviceClass: string): Promise<void> {
    const active = await repo.activeRunOf(db, deviceId);
    if (active) {
      const d = describeRun(active);
      throw new ApiError(Code.CONFLICT, {
        en: `${deviceName} is busy with ${d.en}; stop it first`,
        zh: `${deviceName} 正在执行${d.zh}，请先停止`,
      });
    }
    if (deviceClass === 'waterFertilizer') {
      const state = (await repo.latest(db, deviceId)).get('runState')?.value;
      if (state === MACHINE_RUN_STATE.running || state === MACHINE_RUN_STATE.stopping) {
        throw new ApiError(Code.CONFLICT, {
          en: `${deviceName} reports that it is running (started at the machine); stop it first`,
          zh: `${deviceName} 正在运行（现场启动），请先停止`,
        });
      }
    }
  }

  async function start(actor: CommandActor, body: StartRunBody, trigger: RunTriggerInfo): Promise<IrrigationRun> {
    const device = await repo.findDevice(db, scopeOf(actor), body.deviceId);
    if (!device || device.group_id === null) throw notFound(`deviceId ${body.deviceId}: machine`);
    const cls = device.device_class;
    if (!isIrrigationClass(cls)) {
      throw new ApiError(Code.VALIDATION, `deviceId: ${device.name} is a ${cls}, which does not run irrigation`);
    }
    if (!classAllowed(actor.grants, cls))
      throw new ApiError(Code.PERMISSION_DENIED, `You may not operate ${cls} devices`);
    const zones = [...new Set(body.zones)].sort((a, b) => a - b);
    const over = zones.find((z) => z > ZONE_COUNT[cls]);
    if (over !== undefined) {
      throw new ApiError(Code.VALIDATION, `zones: zone ${over} does not exist; ${device.name} has ${ZONE_COUNT[cls]}`);
    }
    if (body.recipe && cls !== 'waterFertilizer') {
      throw new ApiError(Code.VALIDATION, 'recipe: only a water-fertiliser machine doses fertiliser');
    }
    // Keep the order the operator chose: the water-fertiliser machine waters zones in sequence.
    const params: Record<string, unknown> = { zones: body.zones.filter((z, i) => body.zones.indexOf(z) === i) };
    if (body.durationMin !== undefined) params.durationMin = body.durationMin;
    if (body.volumeM3 !== undefined) params.volumeM3 = body.volumeM3;
    if (body.recipe) params.recipe = body.recipe;
    const checked = commandSchema(cls, 'startIrrigation')?.safeParse(params);
    if (checked && !checked.success) {
      throw new ApiError(
        Code.VALIDATION,
        checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    }
    await assertIdle(device.id, device.name, cls);

    const created = now();
    let runId: number;
    try {
      runId = await repo.insertRun(db, {
        merchant_id: device.merchant_id,
        group_id: device.group_id,
        device_id: device.id,
        device_class: cls,
        device_name: device.name,
        device_serial: device.serial,
        zones: JSON.stringify(params.zones),
        duration_min: body.durationMin ?? null,
        volume_m3: body.volumeM3 ?? null,
        recipe: body.recipe ? JSON.stringify(body.recipe) : null,
        trigger: trigger.kind,
        trigger_ref: trigger.ref ?? '',
        trigger_name: trigger.name ?? '',
        user_id: actor.userId,
        operator: actor.loginName,
        state: 'starting',
        active_key: String(device.id),
        start_cmd_id: '',
        stop_cmd_id: null,
        created_at: created,
        started_at: null,
        ended_at: null,
        water_start: null,
        water_m3: null,
        tanks_start: null,
      });
    } catch (err) {
      // Two starts at the same moment: the database lets one through.
      if (isUniqueViolation(err)) await assertIdle(device.id, device.name, cls);
      throw err;
    }
    let sent: SendCommandResult;
    try {
      sent = await deps.commands.send(actor, {
        deviceId: device.id,
        name: 'startIrrigation',
        params,
        source: SOURCE[trigger.kind],
        sourceRef: trigger.ref ?? `run:${runId}`,
      });
    } catch (err) {
      await repo.updateRun(db, runId, ['starting'], {
        state: 'failed',
        active_key: null,
        ended_at: now(),
        end_code: 'startNotSent',
      });
      throw err;
    }
    await repo.updateRun(db, runId, ['starting'], { start_cmd_id: sent.cmdId });
    if (sent.state === 'failed') {
      const failure = commandFailure('start', { state: sent.state, reason: sent.reason });
      await repo.updateRun(db, runId, ['starting'], {
        state: 'failed',
        active_key: null,
        ended_at: now(),
        end_code: failure.code,
        reason: (failure.words ?? '').slice(0, 500),
      });
    }
    const row = (await repo.runById(db, runId)) as repo.RunRow;
    await announce(row);
    return toRun(row);
  }

  /** Asks the machine to stop; the run ends as stopped once the machine reports it idle. */
  async function stop(actor: CommandActor, runId: number, stopReason: StopReason = 'operator'): Promise<IrrigationRun> {
    const run = await repo.findRun(db, scopeOf(actor), runId);
    if (!run) throw notFound(`runId ${runId}: irrigation run`);
    if (!classAllowed(actor.grants, run.device_class as DeviceClass)) {
      throw new ApiError(Code.PERMISSION_DENIED, `You may not operate ${run.device_class} devices`);
    }
    if (!ACTIVE_RUN_STATES.includes(run.state as RunState)) {
      throw new ApiError(Code.CONFLICT, {
        en: `run #${runId} has already ended (${run.state})`,
        zh: `灌溉任务 #${runId} 已结束（${run.state}）`,
      });
    }
    if (run.state === 'stopping') {
      throw new ApiError(Code.CONFLICT, { en: `run #${runId} is already stopping`, zh: `灌溉任务 #${runId} 正在停止` });
    }
    const sent = await deps.commands.send(actor, {
      deviceId: run.device_id,
      name: 'stopIrrigation',
      params: {},
      source: actor.userId === null ? SOURCE[run.trigger as RunTrigger] : 'manual',
      sourceRef: `run:${runId}`,
    });
    await move(run, ['starting', 'running'], { state: 'stopping', stop_cmd_id: sent.cmdId, stop_reason: stopReason });
    return toRun((await repo.runById(db, runId)) as repo.RunRow);
  }

  async function end(r: repo.RunRow, state: 'done' | 'failed' | 'stopped', why: RunEnd, at: number) {
    const moved = await move(r, ACTIVE_RUN_STATES, {
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

  /**
   * Volumes so far from the machine's counters: water from totalWater; fertiliser from the dosing
   * meters (dosed1..4, litres) when the machine has them, else from the tank level drop (whose 1 %
   * resolution is TANK_CAPACITY_L / 100 litres, so short runs may show none).
   */
  function usage(r: repo.RunRow, values: Map<string, { ts: number; value: number }>) {
    const set: { water_m3?: number; fertiliser?: string } = {};
    const water = values.get('totalWater')?.value;
    if (r.water_start !== null && water !== undefined) set.water_m3 = Math.max(0, round(water - r.water_start, 3));
    const startLevels = parse<Record<string, number | undefined>>(r.tanks_start, {});
    const used: Partial<Record<Tank, number>> = {};
    TANKS.forEach((t, i) => {
      const meter = `dosed${i + 1}`;
      const metered = startLevels[meter];
      const before = startLevels[t];
      if (metered !== undefined && values.has(meter)) {
        used[t] = Math.max(0, round((values.get(meter)?.value as number) - metered, 2));
      } else if (before !== undefined && values.has(t)) {
        used[t] = Math.max(0, round(((before - (values.get(t)?.value as number)) / 100) * TANK_CAPACITY_L, 2));
      }
    });
    if (Object.keys(used).length > 0) set.fertiliser = JSON.stringify(used);
    return set;
  }

  /** Whether fresh telemetry says the machine stopped watering this run's zones; 'fault' for a fault. */
  function machineState(r: repo.RunRow, values: Map<string, { ts: number; value: number }>, freshAfter: number) {
    if (r.device_class === 'waterFertilizer') {
      const s = values.get('runState');
      if (!s || s.ts < freshAfter) return 'unknown';
      if (s.value === MACHINE_RUN_STATE.fault) return 'fault';
      return s.value === MACHINE_RUN_STATE.idle ? 'idle' : 'running';
    }
    const zones = parse<number[]>(r.zones, []);
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

  async function superviseOne(r: repo.RunRow, at: number): Promise<void> {
    const start = r.start_cmd_id ? await repo.commandOutcome(db, r.start_cmd_id) : undefined;
    if (r.state === 'starting') {
      if (!start || start.state === 'queued' || start.state === 'sent') return;
      if (start.state !== 'succeeded') {
        await end(r, 'failed', commandFailure('start', start), at);
        return;
      }
      const values = await repo.latest(db, r.device_id);
      // Tank levels and dosing meters at the start (meters under their own keys, dosed1..4).
      const keys = [...TANKS, 'dosed1', 'dosed2', 'dosed3', 'dosed4'];
      const tanks = Object.fromEntries(keys.filter((k) => values.has(k)).map((k) => [k, values.get(k)?.value]));
      await move(r, ['starting'], {
        state: 'running',
        started_at: start.acked_at ?? at,
        water_start: values.get('totalWater')?.value ?? null,
        water_m3: values.has('totalWater') ? 0 : null,
        tanks_start: Object.keys(tanks).length ? JSON.stringify(tanks) : null,
      });
      return;
    }
    const stopCmd = r.stop_cmd_id ? await repo.commandOutcome(db, r.stop_cmd_id) : undefined;
    if (r.state === 'stopping' && stopCmd && (stopCmd.state === 'failed' || stopCmd.state === 'timedOut')) {
      await end(r, 'failed', commandFailure('stop', stopCmd), at);
      return;
    }
    const health = await repo.deviceHealth(db, r.device_id);
    const values = await repo.latest(db, r.device_id);
    const used = usage(r, values);
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
      await announce(await repo.runById(db, r.id));
    }
  }

  /** One pass over the active runs (the rule job's tick). */
  async function supervise(): Promise<void> {
    const at = now();
    for (const r of await repo.activeRuns(db)) await superviseOne(r, at);
  }

  async function list(scope: Scope, grants: ReadonlySet<string>, q: RunListQuery): Promise<Paged<IrrigationRun>> {
    await repo.requireInScope(db, scope, q);
    const classes = IRRIGATION_CLASSES.filter(
      (c) => classAllowed(grants, c) && (!q.deviceClass || q.deviceClass === c),
    );
    const { rows, total } = await repo.listRuns(db, scope, { ...q, deviceClasses: classes }, q);
    return { list: rows.map(toRun), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  return { start, stop, supervise, list };
}

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

export type RunService = ReturnType<typeof createRunService>;
