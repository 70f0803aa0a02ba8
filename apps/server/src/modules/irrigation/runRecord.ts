import {
  type IrrigationClass,
  type IrrigationRun,
  type RunEndCode,
  type RunState,
  type RunTrigger,
  type StopReason,
  TANKS,
  type Tank,
} from '@farmpark/contracts';
import { OFFLINE_REASON } from '../commands/service';
import type * as repo from './repo';

/** How a run row reads, and how its end is told: shared by start/stop and the supervisor. */

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

/** A JSON column we wrote; an unreadable one reads as the fallback. */
export const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

export function toRun(r: repo.RunRow): IrrigationRun {
  const used = parseJson<Partial<Record<Tank, number>>>(r.fertiliser, {});
  return {
    runId: r.id,
    groupId: r.group_id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    serial: r.device_serial,
    deviceClass: r.device_class as IrrigationClass,
    zones: parseJson<number[]>(r.zones, []),
    durationMin: r.duration_min,
    volumeM3: r.volume_m3,
    recipe: parseJson(r.recipe, null),
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

/** A run named in a sentence (the conflict a busy machine answers with). */
export function describeRun(r: repo.RunRow): { zh: string; en: string } {
  const who = r.trigger === 'manual' ? r.operator : `${r.trigger} ${r.trigger_name}`.trim();
  const zones = parseJson<number[]>(r.zones, []).join(',');
  return {
    en: `run #${r.id} (${who}, zones ${zones}, ${r.state})`,
    zh: `灌溉任务 #${r.id}（${who}，分区 ${zones}，${r.state}）`,
  };
}
