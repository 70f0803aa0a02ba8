import { z } from 'zod';
import { recipe } from './commands';
import { id, idList, pageQuery } from './envelope';
import { refinement } from './errorDetail';
import {
  boolField,
  enumField,
  epochMsField,
  hhmmField,
  intField,
  jsonText,
  listOf,
  numberField,
  optional,
  withDefault,
} from './requestValues';
import { timeWindows } from './rules';

/**
 * Irrigation and fertigation (`/api/merchant/irrigation/`): runs (sessions), programs of the
 * water-fertiliser machine, and smart-irrigation rules with their decision log.
 */

/** Device classes that run irrigation sessions (valve controllers only switch valves). */
export const IRRIGATION_CLASSES = ['waterFertilizer', 'irrigationController', 'smartIrrigation'] as const;
export type IrrigationClass = (typeof IRRIGATION_CLASSES)[number];
export const ZONE_COUNT: Record<IrrigationClass, number> = {
  waterFertilizer: 16,
  irrigationController: 8,
  smartIrrigation: 8,
};

/** Fertiliser tanks of the water-fertiliser machine and the volume a 100 % level stands for. */
export const TANKS = ['tank1', 'tank2', 'tank3', 'tank4'] as const;
export type Tank = (typeof TANKS)[number];
export const TANK_CAPACITY_L = 1000;

/** `runState` of the water-fertiliser machine. */
export const MACHINE_RUN_STATE = { idle: 0, running: 1, fault: 2, stopping: 3 } as const;

export const RUN_STATES = ['starting', 'running', 'stopping', 'done', 'failed', 'stopped'] as const;
export type RunState = (typeof RUN_STATES)[number];
export const ACTIVE_RUN_STATES: readonly RunState[] = ['starting', 'running', 'stopping'];
export const RUN_TRIGGERS = ['manual', 'program', 'smart'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/**
 * Why a run ended other than by doing its planned amount: a code the console phrases in the
 * user's language (with `endValue` where a number belongs in the sentence).
 * start…/stop…: the command was not confirmed: the machine was offline, refused it (its own words
 * in `reason`), did not answer in time, or the command never reached it.
 */
export const RUN_END_CODES = [
  'startNotSent',
  'startOffline',
  'startRefused',
  'startTimedOut',
  'startNotDelivered',
  'stopOffline',
  'stopRefused',
  'stopTimedOut',
  'stopNotDelivered',
  /** The machine went offline during the run. */
  'wentOffline',
  /** No telemetry for `endValue` seconds. */
  'silent',
  'fault',
  /** Stopped on request; who asked is `stopReason`. */
  'stopRequested',
  /** Went idle early at the machine after `endValue` minutes of the planned durationMin. */
  'endedEarlyTime',
  /** Went idle early at the machine after `endValue` m³ of the planned volumeM3. */
  'endedEarlyVolume',
] as const;
export type RunEndCode = (typeof RUN_END_CODES)[number];
/** Who asked a run to stop: an operator, or a smart rule because moisture reached its stop level. */
export const STOP_REASONS = ['operator', 'aboveStop'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/**
 * A run fails when the machine has sent nothing for this many report intervals (at least a minute):
 * a run is never called done on silence.
 */
export const RUN_SILENCE_INTERVALS = 3;
export const RUN_SILENCE_MIN_MS = 60_000;

const zones = listOf(
  intField((n) => n.min(1)),
  (a) => a.min(1).max(16),
);
/**
 * The limits of every number an irrigation form takes: the server's schemas check them and the
 * console checks the same numbers on the field before sending, so a typed value is refused with a
 * message, never clamped or rounded (a 0.02 m³ volume was once sent as 0.1).
 */
export interface Limit {
  min: number;
  max: number;
}
export const IRRIGATION_LIMITS = {
  /** A manual run: minutes (3 s is the machine's shortest step) or m³ (its meter counts 0.1 m³). */
  run: { durationMin: { min: 0.05, max: 24 * 60 }, volumeM3: { min: 0.1, max: 10_000 } },
  /** A program, per zone. */
  program: { durationMin: { min: 0.05, max: 12 * 60 }, volumeM3: { min: 0.1, max: 1000 } },
  tankShare: { min: 0, max: 100 },
  ecTarget: { min: 0, max: 10 },
  phTarget: { min: 3, max: 9 },
  moisture: { min: 0, max: 100 },
  maxDurationMin: { min: 0.05, max: 24 * 60 },
  restMin: { min: 0, max: 24 * 60 },
  /** 0: no cap. */
  maxRunsPerDay: { min: 0, max: 48 },
  maxWaterPerDayM3: { min: 0, max: 10_000 },
  rainMm: { min: 0, max: 500 },
  rainHours: { min: 1, max: 168 },
  /** A deficit rule starts when the zone's deficit passes this many mm. */
  deficitMm: { min: 1, max: 200 },
} as const satisfies Record<string, Limit | Record<string, Limit>>;

/** A run waters for a time or by volume, not both. */
const oneAmount = (b: { durationMin?: number; volumeM3?: number }) =>
  (b.durationMin === undefined) !== (b.volumeM3 === undefined);

/** A number inside its limits, refused with both of them named ("must be 0.1 to 10000"). */
export const within = (l: Limit, int = false) =>
  (int ? intField : numberField)((n) => n.refine((v) => v >= l.min && v <= l.max, refinement('between', { ...l })));

export const startRunBody = z
  .object({
    deviceId: id,
    zones,
    durationMin: optional(within(IRRIGATION_LIMITS.run.durationMin)),
    volumeM3: optional(within(IRRIGATION_LIMITS.run.volumeM3)),
    recipe: optional(jsonText(recipe)),
  })
  .refine(oneAmount, refinement('exactlyOne', { others: 'volumeM3' }, ['durationMin']));
export type StartRunBody = z.infer<typeof startRunBody>;
export const stopRunBody = z.object({ runId: id });

export interface FertiliserUse {
  tank: Tank;
  /** Litres taken from the tank (its level drop times TANK_CAPACITY_L). */
  litres: number;
}

export interface IrrigationRun {
  runId: number;
  groupId: number;
  deviceId: number;
  deviceName: string;
  serial: string;
  deviceClass: IrrigationClass;
  zones: number[];
  durationMin: number | null;
  volumeM3: number | null;
  recipe: z.infer<typeof recipe> | null;
  trigger: RunTrigger;
  /** Program or smart rule id ('' for manual). */
  triggerRef: string;
  triggerName: string;
  operator: string;
  state: RunState;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  /** m³ from the machine's totalWater counter since the start (live while running). */
  waterM3: number | null;
  fertiliser: FertiliserUse[];
  /** Why it ended (null: done as planned, or still going). */
  endCode: RunEndCode | null;
  endValue: number | null;
  /** Set once a stop was asked for. */
  stopReason: StopReason | null;
  /** The machine's own words when it refused a command ('' otherwise); shown as the device sent it. */
  reason: string;
  startCmdId: string;
  stopCmdId: string | null;
}

export const runListQuery = pageQuery.extend({
  groupId: optional(id),
  deviceId: optional(id),
  // an empty filter in a query string (a cleared select) means "any"
  deviceClass: optional(enumField(IRRIGATION_CLASSES)),
  state: optional(enumField(RUN_STATES)),
  trigger: optional(enumField(RUN_TRIGGERS)),
  /** Runs that watered this zone. */
  zone: optional(intField((n) => n.min(1).max(64))),
  startTime: optional(epochMsField()),
  endTime: optional(epochMsField()),
});
export type RunListQuery = z.infer<typeof runListQuery>;
/** The running record as a file: the filters of the list, every matching run. */
export const runExportQuery = runListQuery.omit({ pageNum: true, pageSize: true }).extend({
  format: withDefault(enumField(['csv', 'xlsx']), 'csv'),
});
export type RunExportQuery = z.infer<typeof runExportQuery>;

/** Water by zone by day (analysis), from finished and running runs; a run's water is split evenly over its zones. */
export const zoneWaterQuery = z.object({
  deviceId: id,
  startTime: epochMsField(),
  endTime: epochMsField(),
});
export interface ZoneWaterRow {
  /** Local day, YYYY-MM-DD. */
  day: string;
  zone: number;
  waterM3: number;
  runs: number;
}

/** Pump protection (pumpProtection.ts): the three limits of a machine's start budget. */
export const PUMP_LIMIT_NAMES = ['minRunMin', 'minRestMin', 'maxStartsPerHour'] as const;
export type PumpLimitName = (typeof PUMP_LIMIT_NAMES)[number];

export interface MachineSettings {
  /** Least run, minutes: a start planned shorter is refused (a start by volume is not checked). */
  minRunMin: number;
  /** Least rest, minutes: between the end of the pump's last run and its next start. */
  minRestMin: number;
  /** Most starts in any hour. */
  maxStartsPerHour: number;
  /** Whether these are the machine's own settings (false: PUMP_DEFAULTS). */
  own: boolean;
}

/** Which limit refused a start and the earliest time it may start (null: a longer run must be planned). */
export interface PumpRefusal {
  limit: PumpLimitName;
  value: number;
  earliestAt: number | null;
}

/** What the equipment list shows for one machine. */
export type MachineState = 'running' | 'idle' | 'fault' | 'offline';
export interface IrrigationMachine {
  deviceId: number;
  serial: string;
  deviceName: string;
  deviceClass: IrrigationClass | 'valveController';
  online: boolean;
  lastReportAt: number | null;
  state: MachineState;
  currentZone: number | null;
  latest: Record<string, number>;
  activeRun: IrrigationRun | null;
  /** The pump's start budget (pumpProtection.ts); null for a valve controller, which has no pump. */
  settings: MachineSettings | null;
}
export const machineListQuery = z.object({
  groupId: id,
  deviceClass: optional(enumField([...IRRIGATION_CLASSES, 'valveController'])),
});

export const programBody = z
  .object({
    programId: optional(id),
    deviceId: id,
    name: z.string().trim().min(1).max(100),
    startTimes: listOf(hhmmField(), (a) => a.min(1).max(12)),
    days: listOf(
      intField((n) => n.min(1).max(7)),
      (a) => a.min(1),
    ),
    zones,
    /** Per zone: the machine waters the zones one after another. */
    durationMin: optional(within(IRRIGATION_LIMITS.program.durationMin)),
    volumeM3: optional(within(IRRIGATION_LIMITS.program.volumeM3)),
    recipe: optional(jsonText(recipe)),
    enabled: withDefault(boolField(), true),
  })
  .refine(oneAmount, refinement('exactlyOne', { others: 'volumeM3' }, ['durationMin']));
export type ProgramBody = z.infer<typeof programBody>;

export interface ProgramSlot {
  slotAt: number;
  /** started: a run began; refused: a conflict (reason); missed: the server was down at that time. */
  outcome: 'started' | 'refused' | 'missed' | 'failed';
  runId: number | null;
  detail: string;
}
export interface IrrigationProgram {
  programId: number;
  groupId: number;
  deviceId: number;
  deviceName: string;
  name: string;
  startTimes: string[];
  days: number[];
  zones: number[];
  durationMin: number | null;
  volumeM3: number | null;
  recipe: z.infer<typeof recipe> | null;
  enabled: boolean;
  /** The next start in the future (null when disabled). */
  nextAt: number | null;
  lastSlots: ProgramSlot[];
}
export const programListQuery = z.object({ groupId: id, deviceId: optional(id) });
export const removeBody = z.object({ ids: idList });

/** How a smart rule decides to water: by the soil sensor, or by the zone's water balance deficit. */
export const SMART_MODES = ['moisture', 'deficit'] as const;
export type SmartMode = (typeof SMART_MODES)[number];

export const smartRuleBody = z
  .object({
    ruleId: optional(id),
    name: z.string().trim().min(1).max(100),
    machineId: id,
    zones,
    sensorId: id,
    sensorKey: z.string().regex(/^soilMoisture\d*$/),
    startBelow: within(IRRIGATION_LIMITS.moisture),
    stopAbove: within(IRRIGATION_LIMITS.moisture),
    maxDurationMin: within(IRRIGATION_LIMITS.maxDurationMin),
    /** Soak: the least time after a run ends before the rule may start another (no short cycles). */
    restMin: withDefault(within(IRRIGATION_LIMITS.restMin), 30),
    /** Caps per local day (0: none): runs the rule started, and their metered water. */
    maxRunsPerDay: withDefault(within(IRRIGATION_LIMITS.maxRunsPerDay, true), 0),
    maxWaterPerDayM3: withDefault(within(IRRIGATION_LIMITS.maxWaterPerDayM3), 0),
    windows: withDefault(jsonText(timeWindows), []),
    /** Skip when the park's weather station measured more than rainMm in the last rainHours (0: never skip). */
    rainMm: withDefault(within(IRRIGATION_LIMITS.rainMm), 0),
    rainHours: withDefault(within(IRRIGATION_LIMITS.rainHours, true), 24),
    enabled: withDefault(boolField(), true),
    /**
     * moisture: start below startBelow, stop at stopAbove. deficit (issue 26, point 3): start one zone when its
     * water balance deficit passes deficitMm and water it by volume (deficit × area / efficiency); the sensor
     * then only says the soil is wet (moisture at stopAbove or more: skip); startBelow is not used.
     */
    mode: withDefault(enumField(SMART_MODES), 'moisture'),
    deficitMm: optional(within(IRRIGATION_LIMITS.deficitMm)),
  })
  .refine((b) => b.stopAbove > b.startBelow, refinement('above', { other: 'startBelow' }, ['stopAbove']))
  .refine((b) => b.mode !== 'deficit' || b.deficitMm !== undefined, refinement('required', {}, ['deficitMm']))
  .refine((b) => b.mode !== 'deficit' || b.zones.length === 1, refinement('maxItems', { max: 1 }, ['zones']));
export type SmartRuleBody = z.infer<typeof smartRuleBody>;

export interface SmartRule extends Omit<SmartRuleBody, 'ruleId'> {
  ruleId: number;
  groupId: number;
  machineName: string;
  sensorName: string;
  /** Latest sensor value, and whether the rule is holding a start now. */
  sensorValue: number | null;
  activeRunId: number | null;
}
export const smartRuleListQuery = z.object({ groupId: id, machineId: optional(id) });

/** A smart rule does not start on a moisture reading older than this (the sensor may have stopped reporting). */
export const SMART_SENSOR_STALE_MIN = 30;

export const DECISION_ACTIONS = ['started', 'skipped', 'stopped', 'failed'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];
/**
 * Why: below start, raining, outside window, resting (soak), daily caps, a stale sensor, busy, above
 * stop, max duration, command failed.
 */
export const DECISION_REASONS = [
  'belowStart',
  /** A deficit rule: the zone's deficit passed its limit (facts: deficit, volume and how it was reckoned). */
  'deficitStart',
  /** A deficit rule skipped: the serving sensor says the soil is wet (facts.wetAbove). */
  'soilWet',
  /** A deficit rule skipped: the station's air pressure is falling fast, rain is due (facts.pressureFallHpa). */
  'rainDue',
  'raining',
  'outsideWindow',
  'resting',
  'dailyRuns',
  'dailyWater',
  'sensorStale',
  'busy',
  /** The machine's pump protection refused the start (facts.error says which limit and when). */
  'pumpProtection',
  'aboveStop',
  'maxDuration',
  /** A run by volume (a deficit rule's) ended by itself: the machine applied the volume. */
  'volumeDone',
  'machineStopped',
  'commandFailed',
  'runFailed',
] as const;
export type DecisionReason = (typeof DECISION_REASONS)[number];
/** The numbers behind a decision, as they were when it was taken, so the console can phrase it. */
export interface DecisionFacts {
  /** belowStart: the start level; aboveStop: the stop level (%). */
  threshold?: number;
  /** started: zones and the run's maximum duration. */
  zones?: number[];
  maxDurationMin?: number;
  /** outsideWindow: the allowed windows, HH:mm-HH:mm. */
  windows?: string[];
  /** raining: the rule's limit (skip above rainLimitMm in rainHours). */
  rainLimitMm?: number;
  rainHours?: number;
  /** resting: minutes of rest left after the rule's last run. */
  restLeftMin?: number;
  /** dailyRuns / dailyWater: what the rule used today and its cap. */
  runsToday?: number;
  maxRunsPerDay?: number;
  waterTodayM3?: number;
  maxWaterPerDayM3?: number;
  /** sensorStale: when the sensor last reported (null: never) and the age limit in minutes. */
  sensorLastAt?: number | null;
  staleAfterMin?: number;
  /** busy: the run in the way, or startedAtMachine when the machine runs by itself. */
  busyRunId?: number;
  startedAtMachine?: true;
  /** A run ended: its water, and why it ended (runFailed, machineStopped, commandFailed). */
  waterM3?: number | null;
  runEnd?: RunEndCode;
  runEndValue?: number | null;
  /** commandFailed: the machine the rule names no longer exists. */
  missingMachineId?: number;
  /** pumpProtection: the limit that refused the start and the earliest time it may start. */
  pump?: PumpRefusal;
  /** deficitStart and a deficit rule's skips: the zone's deficit now, the rule's limit, how the volume was reckoned. */
  deficitMm?: number;
  deficitLimitMm?: number;
  areaM2?: number;
  efficiency?: number;
  volumeM3?: number;
  /** soilWet: the moisture at or above which the soil counts as wet. */
  wetAbove?: number;
  /** rainDue: how far the station's air pressure fell in pressureHours, and the fall that means rain is due. */
  pressureFallHpa?: number;
  pressureHours?: number;
  rainDueFallHpa?: number;
  /** commandFailed, pumpProtection: the server refused the start (its message in both languages). */
  error?: { code: number; zh: string; en: string };
}
export interface SmartDecision {
  id: number;
  ruleId: number;
  at: number;
  action: DecisionAction;
  reason: DecisionReason;
  /** What the rule saw: moisture and rain of the window (null when not looked at). */
  moisture: number | null;
  rainMm: number | null;
  runId: number | null;
  facts: DecisionFacts;
  /** The machine's own words when it refused a command ('' otherwise). */
  detail: string;
}
export const decisionListQuery = pageQuery.extend({ groupId: id, ruleId: optional(id) });
