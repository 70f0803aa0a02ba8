import { z } from 'zod';
import { DEVICE_CLASSES, type DeviceClass } from './deviceClasses';
import { SERIAL_PATTERN } from './deviceProtocol';
import { DEVICE_MODEL } from './devices';
import { id, idList, pageQuery } from './envelope';
import { named, ruleIssue } from './errorDetail';
import { boolField, enumField, intField, nullable, numberField, optional, withDefault } from './requestValues';

/** Device management (`/api/merchant/device/`): request bodies and what the server answers. */

/** A device as device management shows it. The secret is never part of it (only its existence). */
export interface DeviceInfo {
  deviceId: number;
  serial: string;
  deviceName: string;
  deviceClass: DeviceClass;
  model: string;
  groupId: number | null;
  groupName: string;
  online: boolean;
  /** Epoch ms of the last message from the device; null if it never reported. */
  lastSeenAt: number | null;
  /** Epoch ms of the last online/offline change. */
  statusAt: number | null;
  firmware: string;
  reportIntervalMs: number;
  longitude: number | null;
  latitude: number | null;
  remark: string;
  /** False until credentials exist: such a device cannot connect. */
  hasSecret: boolean;
  createdAt: number;
}

/** addDevice and regenerateDeviceSecret: the plaintext secret, shown this once and never again. */
export interface DeviceWithSecret {
  device: DeviceInfo;
  secret: string;
}

/** Blank is "not set" (null). */
const optionalNumber = (min: number, max: number) => nullable(numberField((n) => n.min(min).max(max)));

export const deviceClassField = enumField(DEVICE_CLASSES);

export const deviceListQuery = pageQuery.extend({
  groupId: optional(id),
  deviceClass: optional(deviceClassField),
  /** Matches serial or name. */
  keyword: z.string().trim().max(64).optional(),
  online: optional(boolField()),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

export const deviceIdQuery = z.object({ deviceId: id });

const deviceName = z.string().trim().min(1).max(100);

/** Fields a device's owner may edit; class and serial are identity and never change. */
const editable = {
  deviceName,
  longitude: optionalNumber(-180, 180),
  latitude: optionalNumber(-90, 90),
  reportIntervalMs: withDefault(
    intField((n) => n.min(1000).max(86_400_000)),
    60_000,
  ),
  remark: z.string().trim().max(500).default(''),
};

function checkModel(b: { deviceClass: DeviceClass; model?: string }, ctx: z.RefinementCtx) {
  const models = DEVICE_MODEL[b.deviceClass].models.map((m) => m.model);
  if (b.model !== undefined && !models.includes(b.model)) {
    ctx.addIssue(ruleIssue(['model'], 'oneOf', { values: models.join(', ') }));
  }
}

export const addDeviceBody = z
  .object({
    serial: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(SERIAL_PATTERN, named('serialChars'))
      // Consoles sign in to MQTT as `u{userId}`; a device by that name could not be told apart.
      .refine((s) => !/^u\d+$/.test(s), named('reserved')),
    deviceClass: deviceClassField,
    /** Defaults to the class's first model. */
    model: optional(z.string().trim()),
    groupId: id,
    ...editable,
  })
  .superRefine(checkModel);
export type AddDeviceBody = z.infer<typeof addDeviceBody>;

export const alterDeviceBody = z.object({
  deviceId: id,
  model: optional(z.string().trim()),
  ...editable,
});
export type AlterDeviceBody = z.infer<typeof alterDeviceBody>;

/** One id, a list, or a comma-separated string (ARCHITECTURE: remove<Entity> accepts a list). */
export const removeDeviceBody = z.object({ deviceId: idList });
export const regenerateDeviceSecretBody = z.object({ deviceId: id });
export const alterDeviceGroupBody = z.object({ deviceId: idList, groupId: id });
