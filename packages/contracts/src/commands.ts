import { z } from 'zod';
import type { DeviceClass } from './deviceClasses';
import { refinement } from './errorDetail';
import { boolField, enumField, hhmmField, intField, listOf, numberField, optional } from './requestValues';

/**
 * Commands each device class understands: name -> zod schema of its params. The one command
 * service validates against these before anything is sent; the simulator obeys the same list.
 */
const onOff = z.object({ on: boolField() });
const window = z.object({ start: hhmmField(), end: hhmmField() });
const valve = (n: number) =>
  z.object({
    valve: intField((v) => v.min(1).max(n)),
    on: boolField(),
  });

export const ENV_ACTUATORS = [
  'fan',
  'wetPad',
  'shadeScreen',
  'thermalScreen',
  'topVent',
  'sideVent',
  'growLight',
  'heater',
  'pump',
] as const;
export type EnvActuator = (typeof ENV_ACTUATORS)[number];

/** A fertiliser recipe: either shares per tank (percent of flow) or EC/pH targets the machine doses to. */
export const recipe = z.union([
  z.object({
    tanks: z.partialRecord(
      z.enum(['tank1', 'tank2', 'tank3', 'tank4']),
      numberField((n) => n.min(0).max(100)),
    ),
  }),
  z.object({
    ecTarget: numberField((n) => n.min(0).max(10)),
    phTarget: optional(numberField((n) => n.min(3).max(9))),
  }),
]);

const startIrrigation = (zones: number) =>
  z
    .object({
      zones: listOf(
        intField((n) => n.min(1).max(zones)),
        (a) => a.min(1),
      ),
      durationMin: optional(numberField((n) => n.positive().max(24 * 60))),
      volumeM3: optional(numberField((n) => n.positive().max(10_000))),
      recipe: optional(recipe),
    })
    .refine(
      (b) => (b.durationMin === undefined) !== (b.volumeM3 === undefined),
      refinement('exactlyOne', { others: 'volumeM3' }, ['durationMin']),
    );

export const COMMANDS = {
  envCabinet: {
    setActuator: z.object({ actuator: enumField(ENV_ACTUATORS), on: boolField() }),
    setMode: z.object({ actuator: enumField(ENV_ACTUATORS), mode: enumField(['auto', 'manual']) }),
  },
  insectLamp: { setLamp: onOff, setMode: z.object({ mode: enumField(['auto', 'manual']) }), setWorkWindow: window },
  insectTrap: {
    photograph: z.object({}),
    setLamp: onOff,
    setHeater: onOff,
    setWorkPeriod: window,
    setPhotoInterval: z.object({
      minutes: intField((n) => n.min(5).max(1440)),
    }),
  },
  sporeTrap: { capture: z.object({}), changeSlide: z.object({}) },
  waterFertilizer: {
    startIrrigation: startIrrigation(16),
    stopIrrigation: z.object({}),
    setValve: valve(16),
    setPump: onOff,
    setStirrer: z.object({ tank: enumField(['tank1', 'tank2', 'tank3', 'tank4']), on: boolField() }),
  },
  irrigationController: { startIrrigation: startIrrigation(8), stopIrrigation: z.object({}), setValve: valve(8) },
  smartIrrigation: { startIrrigation: startIrrigation(8), stopIrrigation: z.object({}), setValve: valve(8) },
  valveController: { setValve: valve(4) },
  weatherStation: {},
  soilStation: {},
  camera: {},
} satisfies Record<DeviceClass, Record<string, z.ZodType>>;

export type CommandName<C extends DeviceClass> = keyof (typeof COMMANDS)[C] & string;

export function commandSchema(deviceClass: DeviceClass, name: string): z.ZodType | undefined {
  return (COMMANDS[deviceClass] as Record<string, z.ZodType>)[name];
}

/** Command lifecycle (ARCHITECTURE "Commands to devices"). */
export const COMMAND_STATES = ['queued', 'sent', 'succeeded', 'failed', 'timedOut'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** A sent command not acknowledged within this time is timed out. */
export const COMMAND_TIMEOUT_MS = 15_000;
