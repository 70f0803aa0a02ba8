import {
  type AlterMachineSettingsBody,
  Code,
  classAllowed,
  IRRIGATION_CLASSES,
  type IrrigationClass,
  type MachineSettings,
  PUMP_DEFAULTS,
  type PumpRefusal,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { type ScopeSource, scopeOf } from '../../http/scope';
import { hhmmIn } from '../../rules/windows';
import * as settingsRepo from './machineSettingsRepo';
import { findDevice } from './repo';

/**
 * Pump protection: a machine's start budget (least run, least rest, most starts per hour), checked on
 * every start (runs.ts `start`, so manual, program and smart starts alike). docs/IRRIGATION.md.
 */

const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;

/** The machine's own settings, or the defaults from pump makers' guidance. */
export async function machineSettings(db: Db, device: { id: number; merchant_id: number }): Promise<MachineSettings> {
  const row = await settingsRepo.settingsRow(db, device.merchant_id, device.id);
  if (!row) return { ...PUMP_DEFAULTS, own: false };
  return {
    minRunMin: row.min_run_min,
    minRestMin: row.min_rest_min,
    maxStartsPerHour: row.max_starts_per_hour,
    own: true,
  };
}

/** The limit a start at `at` would break (planned minutes: a start by volume has none), or null. */
export async function pumpRefusal(
  db: Db,
  device: { id: number; merchant_id: number },
  plannedMin: number | undefined,
  at: number,
): Promise<PumpRefusal | null> {
  const s = await machineSettings(db, device);
  if (plannedMin !== undefined && plannedMin < s.minRunMin) {
    return { limit: 'minRunMin', value: s.minRunMin, earliestAt: null };
  }
  const { starts, lastEndedAt } = await settingsRepo.pumpHistory(db, device.id, at - HOUR_MS);
  if (lastEndedAt !== null && at - lastEndedAt < s.minRestMin * MIN_MS) {
    return { limit: 'minRestMin', value: s.minRestMin, earliestAt: lastEndedAt + s.minRestMin * MIN_MS };
  }
  if (starts.length >= s.maxStartsPerHour) {
    // the start that has to leave the hour for one more to fit
    const freeing = starts[starts.length - s.maxStartsPerHour];
    return { limit: 'maxStartsPerHour', value: s.maxStartsPerHour, earliestAt: freeing + HOUR_MS };
  }
  return null;
}

/** A refused start: its message names the limit and when the machine may start (the console shows it as is). */
export class PumpRefused extends ApiError {
  readonly refusal: PumpRefusal;
  constructor(machine: string, r: PumpRefusal, at: number, tz: string) {
    const when =
      r.earliestAt === null ? null : { at: hhmmIn(r.earliestAt, tz), in: Math.ceil((r.earliestAt - at) / MIN_MS) };
    const text = {
      minRunMin: {
        en: `the pump runs at least ${r.value} min per start (least run); plan a run of at least ${r.value} min`,
        zh: `水泵每次至少运行 ${r.value} 分钟（最短运行时长），请把灌溉时长设为至少 ${r.value} 分钟`,
      },
      minRestMin: {
        en: `the pump rests at least ${r.value} min between runs (least rest)`,
        zh: `水泵两次运行之间至少停 ${r.value} 分钟（最短停泵间隔）`,
      },
      maxStartsPerHour: {
        en: `the pump starts at most ${r.value} ${r.value === 1 ? 'time' : 'times'} an hour (most starts per hour)`,
        zh: `水泵每小时最多启动 ${r.value} 次（每小时最多启动次数）`,
      },
    }[r.limit];
    super(Code.CONFLICT, {
      en: `Pump protection: ${machine} not started: ${text.en}${when ? `; it may start at ${when.at} (in ${when.in} min)` : ''}`,
      zh: `水泵保护：${machine} 未启动，${text.zh}${when ? `，最早 ${when.at}（${when.in} 分钟后）可启动` : ''}`,
    });
    this.refusal = r;
  }
}

interface Caller extends ScopeSource {
  grants: Parameters<typeof classAllowed>[0];
}

/** Sets a machine's start budget (its own settings from now on). */
export async function alterMachineSettings(
  db: Db,
  who: Caller,
  body: AlterMachineSettingsBody,
  at: number,
): Promise<MachineSettings> {
  const device = await findDevice(db, scopeOf(who), body.deviceId);
  if (!device || device.group_id === null) throw notFound(`deviceId ${body.deviceId}: machine`);
  const cls = device.device_class;
  if (!(IRRIGATION_CLASSES as readonly string[]).includes(cls)) {
    throw new ApiError(Code.VALIDATION, {
      en: `deviceId: ${device.name} is a ${cls}, which has no pump`,
      zh: `deviceId：${device.name} 不是灌溉设备，没有水泵`,
    });
  }
  if (!classAllowed(who.grants, cls as IrrigationClass))
    throw new ApiError(Code.PERMISSION_DENIED, `You may not operate ${cls} devices`);
  await settingsRepo.saveSettings(db, {
    merchant_id: device.merchant_id,
    device_id: device.id,
    min_run_min: body.minRunMin,
    min_rest_min: body.minRestMin,
    max_starts_per_hour: body.maxStartsPerHour,
    updated_at: at,
  });
  return machineSettings(db, device);
}
