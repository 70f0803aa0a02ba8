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
  type RunExportQuery,
  type RunListQuery,
  type RunState,
  type RunTrigger,
  type SendCommandResult,
  type StartRunBody,
  type StopReason,
  webChannel,
  ZONE_COUNT,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { isUniqueViolation, type Scope } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import type { Publish } from '../../mqtt/publish';
import type { CommandActor, CommandService } from '../commands/service';
import { PumpRefused, pumpRefusal } from './pumpProtection';
import * as repo from './repo';
import { commandFailure, describeRun, toRun } from './runRecord';
import { createRunSupervisor } from './runSupervisor';

export interface RunDeps {
  db: Db;
  commands: Pick<CommandService, 'send'>;
  publish?: Publish;
  now?: () => number;
  /** The zone a refused start's earliest time is told in (HH:mm). */
  tz?: string;
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
const isIrrigationClass = (c: string): c is IrrigationClass => (IRRIGATION_CLASSES as readonly string[]).includes(c);

/**
 * Irrigation runs: start and stop go through the one command service; a run then follows the
 * machine's acks and telemetry (runSupervisor.ts, on the rule job's tick).
 */
export function createRunService(deps: RunDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function announce(r: repo.RunRow | undefined): Promise<void> {
    if (!r || !deps.publish) return;
    // not awaited: a console that reads slowly must not hold the run's start or stop (commands/service.ts)
    void deps.publish(...webChannel(r.merchant_id, r.group_id, 'irrigation', toRun(r))).catch((err: Error) => {
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
    // the pump's start budget (pumpProtection.ts): manual, program and smart starts alike
    const created = now();
    const refusal = await pumpRefusal(db, device, body.durationMin, created);
    if (refusal) throw new PumpRefused(device.name, refusal, created, deps.tz ?? 'UTC');

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

  /** Asks the machine to stop; the run ends as stopped once the machine acknowledges the stop. */
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

  const supervisor = createRunSupervisor({ db, now, move, announce, onEnded: deps.onEnded });

  async function list(scope: Scope, grants: ReadonlySet<string>, q: RunListQuery): Promise<Paged<IrrigationRun>> {
    await repo.requireInScope(db, scope, q);
    const { rows, total } = await repo.listRuns(db, scope, { ...q, deviceClasses: classesOf(grants, q) }, q);
    return { list: rows.map(toRun), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  /** Every run the filters match, a page at a time (an export streams; it never holds them all). */
  function exportRuns(scope: Scope, grants: ReadonlySet<string>, q: Omit<RunExportQuery, 'format'>, pageSize = 500) {
    return (async function* () {
      await repo.requireInScope(db, scope, q);
      const f = { ...q, deviceClasses: classesOf(grants, q) };
      for await (const rows of repo.exportRunPages(db, scope, f, pageSize)) yield rows.map(toRun);
    })();
  }

  return { start, stop, supervise: supervisor.supervise, list, exportRuns };
}

export type RunService = ReturnType<typeof createRunService>;

/** The irrigation classes a caller's pages grant, narrowed to the one asked for. */
const classesOf = (grants: ReadonlySet<string>, q: { deviceClass?: IrrigationClass }) =>
  IRRIGATION_CLASSES.filter((c) => classAllowed(grants, c) && (!q.deviceClass || q.deviceClass === c));
