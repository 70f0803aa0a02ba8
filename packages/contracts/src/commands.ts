import { z } from 'zod';
import type { DeviceClass } from './deviceClasses';

/**
 * Commands each device class understands: name -> zod schema of its params. The one command
 * service validates against these before anything is sent; the simulator obeys the same list.
 */
const onOff = z.object({ on: z.coerce.boolean() });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm');
const window = z.object({ start: hhmm, end: hhmm });
const valve = (n: number) =>
  z.object({ valve: z.coerce.number().int().min(1).max(n, `valve must be 1 to ${n}`), on: z.coerce.boolean() });

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
    tanks: z.partialRecord(z.enum(['tank1', 'tank2', 'tank3', 'tank4']), z.number().min(0).max(100)),
  }),
  z.object({ ecTarget: z.number().min(0).max(10), phTarget: z.number().min(3).max(9).optional() }),
]);

const startIrrigation = (zones: number) =>
  z
    .object({
      zones: z.array(z.number().int().min(1).max(zones)).min(1, 'choose at least one zone'),
      durationMin: z
        .number()
        .positive()
        .max(24 * 60)
        .optional(),
      volumeM3: z.number().positive().max(10_000).optional(),
      recipe: recipe.optional(),
    })
    .refine((b) => (b.durationMin === undefined) !== (b.volumeM3 === undefined), {
      message: 'give either durationMin or volumeM3',
      path: ['durationMin'],
    });

export const COMMANDS = {
  envCabinet: {
    setActuator: z.object({ actuator: z.enum(ENV_ACTUATORS), on: z.coerce.boolean() }),
    setMode: z.object({ actuator: z.enum(ENV_ACTUATORS), mode: z.enum(['auto', 'manual']) }),
  },
  insectLamp: { setLamp: onOff, setMode: z.object({ mode: z.enum(['auto', 'manual']) }), setWorkWindow: window },
  insectTrap: {
    photograph: z.object({}),
    setLamp: onOff,
    setHeater: onOff,
    setWorkPeriod: window,
    setPhotoInterval: z.object({ minutes: z.coerce.number().int().min(5).max(1440) }),
  },
  sporeTrap: { capture: z.object({}), changeSlide: z.object({}) },
  waterFertilizer: {
    startIrrigation: startIrrigation(16),
    stopIrrigation: z.object({}),
    setValve: valve(16),
    setPump: onOff,
    setStirrer: z.object({ tank: z.enum(['tank1', 'tank2', 'tank3', 'tank4']), on: z.coerce.boolean() }),
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
