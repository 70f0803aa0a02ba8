import {
  Code,
  classAllowed,
  type DeviceClass,
  type IrrigationProgram,
  type ProgramBody,
  type ProgramSlot,
  ZONE_COUNT,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { scopeOf } from '../../http/scope';
import { localTime } from '../../rules/windows';
import type { AuthContext } from '../auth/sessions';
import * as repo from './repo';
import { type RunService, systemActor } from './runs';

/** A slot is run only while it is this fresh; older ones (the server was down) are recorded as missed. */
export const SLOT_GRACE_MS = 2 * 60_000;
/** After a long stop, slots further back than this are not even listed as missed. */
const MAX_LOOKBACK_MS = 7 * 86_400_000;
/** A program with no slot due still moves its mark forward this often, so a restart looks back no further. */
const CHECKED_UNTIL_REFRESH_MS = 10 * 60_000;

export interface ProgramDeps {
  db: Db;
  runs: Pick<RunService, 'start'>;
  tz: string;
  now?: () => number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minute instants in (from, to] at which a program starts (local time of `tz`). */
export function slotsBetween(p: { start_times: string; days: string }, from: number, to: number, tz: string): number[] {
  const times = new Set((JSON.parse(p.start_times) as string[]).map(minutesOf));
  const days = new Set(JSON.parse(p.days) as number[]);
  const out: number[] = [];
  for (let m = Math.floor(from / 60_000) * 60_000 + 60_000; m <= to; m += 60_000) {
    if (m <= from) continue;
    const t = localTime(m, tz);
    if (times.has(t.minutes) && days.has(t.weekday)) out.push(m);
  }
  return out;
}

function toProgram(r: repo.ProgramRow & { device_name: string }, slots: ProgramSlot[], nextAt: number | null) {
  const program: IrrigationProgram = {
    programId: r.id,
    groupId: r.group_id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    name: r.name,
    startTimes: JSON.parse(r.start_times),
    days: JSON.parse(r.days),
    zones: JSON.parse(r.zones),
    durationMin: r.duration_min,
    volumeM3: r.volume_m3,
    recipe: r.recipe ? JSON.parse(r.recipe) : null,
    enabled: r.enabled === 1,
    nextAt,
    lastSlots: slots,
  };
  return program;
}

/** The `irrigation_programs` columns of a program body (also used by the demo seed). */
export function programColumns(body: ProgramBody) {
  return {
    device_id: body.deviceId,
    name: body.name,
    start_times: JSON.stringify([...new Set(body.startTimes)].sort()),
    days: JSON.stringify([...new Set(body.days)].sort()),
    zones: JSON.stringify(body.zones),
    duration_min: body.durationMin ?? null,
    volume_m3: body.volumeM3 ?? null,
    recipe: body.recipe ? JSON.stringify(body.recipe) : null,
    enabled: body.enabled ? 1 : 0,
  };
}

/**
 * Programs of the water-fertiliser machine: start times, days, a zone sequence watered one zone
 * after another (duration or volume per zone), a recipe. `tick` runs them from the database:
 * each slot is claimed once (primary key), so a slot never runs twice, also across restarts or
 * processes; slots the server slept through are recorded as missed and not run late.
 */
export function createProgramService(deps: ProgramDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function checkBody(auth: AuthContext, body: ProgramBody) {
    const device = await repo.findDevice(db, scopeOf(auth), body.deviceId);
    if (!device || device.group_id === null) throw notFound(`deviceId ${body.deviceId}: machine`);
    if (device.device_class !== 'waterFertilizer') {
      throw new ApiError(
        Code.VALIDATION,
        `deviceId: programs run on water-fertiliser machines; ${device.name} is not one`,
      );
    }
    if (!classAllowed(auth.grants, device.device_class as DeviceClass)) {
      throw new ApiError(Code.PERMISSION_DENIED, 'You may not operate water-fertiliser machines');
    }
    const over = body.zones.find((z) => z > ZONE_COUNT.waterFertilizer);
    if (over !== undefined) throw new ApiError(Code.VALIDATION, `zones: zone ${over} does not exist`);
    return device as typeof device & { group_id: number };
  }

  async function save(auth: AuthContext, body: ProgramBody): Promise<IrrigationProgram> {
    const device = await checkBody(auth, body);
    const at = now();
    let id = body.programId;
    if (id === undefined) {
      id = await repo.insertProgram(db, {
        merchant_id: auth.merchantId,
        group_id: device.group_id,
        ...programColumns(body),
        checked_until: at,
        created_at: at,
        updated_at: at,
      });
    } else {
      const existing = await repo.findProgram(db, scopeOf(auth), id);
      if (!existing) throw notFound(`programId ${id}: program`);
      // Slots before the change belong to the old schedule; the new one starts from now.
      await repo.updateProgram(db, scopeOf(auth), id, {
        group_id: device.group_id,
        ...programColumns(body),
        checked_until: at,
        updated_at: at,
      });
    }
    const saved = (await list(auth, device.group_id)).find((p) => p.programId === id);
    if (!saved) throw notFound(`programId ${id}: program`);
    return saved;
  }

  async function list(auth: AuthContext, groupId: number, deviceId?: number): Promise<IrrigationProgram[]> {
    await repo.requireInScope(db, scopeOf(auth), { groupId, deviceId });
    const rows = (await repo.listPrograms(db, scopeOf(auth), groupId, deviceId)).filter(() =>
      classAllowed(auth.grants, 'waterFertilizer'),
    );
    const slots = await repo.lastSlots(
      db,
      rows.map((r) => r.id),
    );
    const at = now();
    return rows.map((r) => {
      const mine = slots
        .filter((s) => s.program_id === r.id)
        .slice(0, 10)
        .map((s) => ({
          slotAt: Number(s.slot_at),
          outcome: s.outcome as ProgramSlot['outcome'],
          runId: s.run_id,
          detail: s.detail,
        }));
      const next = r.enabled === 1 ? (slotsBetween(r, at, at + 8 * 86_400_000, deps.tz)[0] ?? null) : null;
      return toProgram(r, mine, next);
    });
  }

  async function remove(auth: AuthContext, ids: readonly number[]): Promise<number> {
    // all or nothing: one id the caller cannot see refuses the whole request
    for (const id of ids) if (!(await repo.findProgram(db, scopeOf(auth), id))) throw notFound(`ids ${id}: program`);
    return repo.removePrograms(db, scopeOf(auth), ids);
  }

  async function runSlot(p: repo.ProgramRow, slotAt: number, at: number): Promise<void> {
    const late = at - slotAt > SLOT_GRACE_MS;
    const claimed = await repo.claimSlot(db, {
      program_id: p.id,
      slot_at: slotAt,
      outcome: late ? 'missed' : 'started',
      run_id: null,
      detail: late
        ? `the server was not running at this time (checked ${Math.round((at - slotAt) / 60_000)} min late)`
        : '',
      created_at: at,
    });
    if (!claimed || late) {
      if (claimed) deps.log?.info({ programId: p.id, slotAt }, 'irrigation program slot missed (server was down)');
      return;
    }
    const zones = JSON.parse(p.zones) as number[];
    const device = await repo.deviceById(db, p.device_id);
    const actor = systemActor(
      p.merchant_id,
      p.group_id,
      (device?.device_class ?? 'waterFertilizer') as DeviceClass,
      `program:${p.name}`.slice(0, 64),
    );
    try {
      const run = await deps.runs.start(
        actor,
        {
          deviceId: p.device_id,
          zones,
          durationMin: p.duration_min !== null ? p.duration_min * zones.length : undefined,
          volumeM3: p.volume_m3 !== null ? p.volume_m3 * zones.length : undefined,
          recipe: p.recipe ? JSON.parse(p.recipe) : undefined,
        },
        { kind: 'program', ref: String(p.id), name: p.name },
      );
      await repo.settleSlot(db, p.id, slotAt, {
        outcome: run.state === 'failed' ? 'failed' : 'started',
        run_id: run.runId,
        detail: run.state === 'failed' ? run.reason : '',
      });
    } catch (err) {
      const refused = err instanceof ApiError && err.code === Code.CONFLICT;
      await repo.settleSlot(db, p.id, slotAt, {
        outcome: refused ? 'refused' : 'failed',
        run_id: null,
        detail: (err as Error).message.slice(0, 500),
      });
      deps.log?.warn({ programId: p.id, err: (err as Error).message }, 'irrigation program slot not run');
    }
  }

  /** Runs due slots of every enabled program (the rule job's tick). */
  async function tick(): Promise<void> {
    const at = now();
    for (const p of await repo.enabledPrograms(db)) {
      const from = Math.max(Number(p.checked_until), at - MAX_LOOKBACK_MS);
      const due = slotsBetween(p, from, at, deps.tz);
      for (const slotAt of due) await runSlot(p, slotAt, at);
      // Written only when a slot ran or the mark is getting old: on SQLite each write waits for the
      // telemetry writer's transaction on the event loop, and a tick every few seconds would stall ingest.
      if (due.length > 0 || at - Number(p.checked_until) >= CHECKED_UNTIL_REFRESH_MS)
        await repo.setCheckedUntil(db, p.id, at);
    }
  }

  return { save, list, remove, tick };
}

export type ProgramService = ReturnType<typeof createProgramService>;
