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

const text = (max: number) => z.string().trim().max(max).default('');

/** Form bodies send empty strings for empty numbers: both mean "not set". */
const optionalNumber = (min: number, max: number) => nullable(numberField((n) => n.min(min).max(max)));

export const parkFields = z.object({
  groupName: z.string().trim().min(1).max(50),
  holderMan: text(50),
  address: text(200),
  area: optionalNumber(0, 1_000_000),
  longitude: optionalNumber(-180, 180),
  latitude: optionalNumber(-90, 90),
  crops: text(200),
  remark: text(500),
  /** Absent or blank: the server's TZ_NAME. */
  timeZone: timeZoneField.optional(),
  elevationM: optionalNumber(-500, 9000),
  windHeightM: optionalNumber(0.5, 100),
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
