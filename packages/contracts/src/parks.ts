import { z } from 'zod';
import type { DeviceClass } from './deviceClasses';
import { id } from './envelope';
import { nullable, numberField } from './requestValues';
import { timeZoneField } from './timeZone';

export interface ParkDevice {
  deviceId: number;
  serial: string;
  deviceName: string;
  deviceClass: DeviceClass;
}

/** A park (group) as `group/getGroupAndDeviceAllList` returns it. */
export interface Park {
  groupId: number;
  groupName: string;
  holderMan: string;
  address: string;
  /** Hectares. */
  area: number | null;
  longitude: number | null;
  latitude: number | null;
  crops: string;
  remark: string;
  screenId: number | null;
  /** IANA zone every time of this park is shown, picked and exported in (the server's TZ_NAME unless set). */
  timeZone: string;
  /** Metres above sea level (reference evapotranspiration); null = not stated. */
  elevationM: number | null;
  /** Height of the park's weather station wind sensor, m (its wind is converted to 2 m); null = not stated. */
  windHeightM: number | null;
  devices: ParkDevice[];
}

const text = (field: string, max: number) =>
  z.string().trim().max(max, `${field} is at most ${max} characters`).default('');

const range = (field: string, min: number, max: number) =>
  numberField((n) => n.min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`));
/** Form bodies send empty strings for empty numbers: both mean "not set". */
const optionalNumber = (field: string, min: number, max: number) => nullable(range(field, min, max));

export const parkFields = z.object({
  groupName: z
    .string({ error: 'groupName is required' })
    .trim()
    .min(1, 'groupName must not be empty')
    .max(50, 'groupName is at most 50 characters'),
  holderMan: text('holderMan', 50),
  address: text('address', 200),
  area: optionalNumber('area', 0, 1_000_000),
  longitude: optionalNumber('longitude', -180, 180),
  latitude: optionalNumber('latitude', -90, 90),
  crops: text('crops', 200),
  remark: text('remark', 500),
  /** Absent or blank: the server's TZ_NAME. */
  timeZone: timeZoneField.optional(),
  elevationM: optionalNumber('elevationM', -500, 9000),
  windHeightM: optionalNumber('windHeightM', 0.5, 100),
});

export const addGroupBody = parkFields;
export const alterGroupBody = parkFields.extend({ groupId: id });
export const removeGroupBody = z.object({ groupId: id });
export const alterGroupScreenBody = z.object({
  groupId: id,
  screenId: nullable(id),
});
export const groupIdQuery = z.object({ groupId: id });

export type AddGroupBody = z.infer<typeof addGroupBody>;
export type AlterGroupBody = z.infer<typeof alterGroupBody>;

/** Multi-park data screen (SPEC §3). */
export interface Screen {
  screenId: number;
  screenTitle: string;
  screenAddress: string;
}
