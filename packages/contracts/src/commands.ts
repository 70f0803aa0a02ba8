import { z } from 'zod';
import type { DeviceClass } from './deviceClasses';
import { boolField, enumField, intField, listOf, numberField, optional } from './requestValues';

/**
 * Commands each device class understands: name -> zod schema of its params. The one command
 * service validates against these before anything is sent; the simulator obeys the same list.
 */
const onOff = z.object({ on: boolField() });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm');
const window = z.object({ start: hhmm, end: hhmm });
const valve = (n: number) =>
  z.object({
    valve: intField((v) => v.min(1, `valve must be 1 to ${n}`).max(n, `valve must be 1 to ${n}`)),
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
      numberField((n) => n.min(0, 'a tank share is 0 to 100').max(100, 'a tank share is 0 to 100')),
    ),
  }),
  z.object({
    ecTarget: numberField((n) => n.min(0, 'ecTarget is 0 to 10').max(10, 'ecTarget is 0 to 10')),
    phTarget: optional(numberField((n) => n.min(3, 'phTarget is 3 to 9').max(9, 'phTarget is 3 to 9'))),
  }),
]);

const startIrrigation = (zones: number) =>
  z
    .object({
      zones: listOf(
        intField((n) => n.min(1, `zones are 1 to ${zones}`).max(zones, `zones are 1 to ${zones}`)),
        (a) => a.min(1, 'choose at least one zone'),
      ),
      durationMin: optional(
        numberField((n) => n.positive('durationMin must be more than 0').max(24 * 60, 'durationMin is at most 1440')),
      ),
      volumeM3: optional(
        numberField((n) => n.positive('volumeM3 must be more than 0').max(10_000, 'volumeM3 is at most 10000')),
      ),
      recipe: optional(recipe),
    })
    .refine((b) => (b.durationMin === undefined) !== (b.volumeM3 === undefined), {
      message: 'give either durationMin or volumeM3',
      path: ['durationMin'],
    });

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
      minutes: intField((n) => n.min(5, 'minutes must be 5 to 1440').max(1440, 'minutes must be 5 to 1440')),
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
