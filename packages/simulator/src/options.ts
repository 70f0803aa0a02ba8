import { DEVICE_CLASSES, DEVICE_MODEL, type DeviceClass, SERIAL_PATTERN } from '@farmpark/contracts';
import { z } from 'zod';

/** Where and what a simulated device is; shared by live devices, the CLI's devices.json and history. */
export const deviceIdentity = z
  .object({
    deviceClass: z.enum(DEVICE_CLASSES),
    model: z.string().min(1).optional(),
    lat: z.number().min(-90).max(90).optional(),
    lon: z.number().min(-180).max(180).optional(),
    /** Local time offset in minutes; defaults to the longitude's time zone. */
    tzOffsetMin: z.number().int().min(-720).max(840).optional(),
    seed: z.number().int().optional(),
  })
  .superRefine((v, ctx) => {
    const models = DEVICE_MODEL[v.deviceClass].models.map((m) => m.model);
    if (v.model !== undefined && !models.includes(v.model)) {
      ctx.addIssue({
        code: 'custom',
        path: ['model'],
        message: `must be one of ${models.join(', ')} for ${v.deviceClass}`,
      });
    }
  });

export const deviceCredentials = z.object({
  serial: z.string().regex(SERIAL_PATTERN, 'must be 1-64 letters, digits, _ or -'),
  secret: z.string().min(1, 'must not be empty'),
});

/** One entry of the CLI's devices.json. */
export const deviceEntry = z.intersection(deviceCredentials, deviceIdentity);
export type DeviceEntry = z.infer<typeof deviceEntry>;

/** "field.path: message; ..." so bad input names what to fix. */
export function describeZodError(err: z.ZodError, prefix = ''): string {
  return err.issues
    .map((i) => {
      const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join('; ');
}

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new TypeError(`invalid ${what}: ${describeZodError(r.error)}`);
  return r.data;
}

/** Default place: the North China Plain, where the demo parks are. */
export const DEFAULT_LOCATION = { lat: 39.9, lon: 116.4 } as const;

/** Without a model, a device is its class's first model. */
export function defaultModel(deviceClass: DeviceClass): string {
  return DEVICE_MODEL[deviceClass].models[0].model;
}
