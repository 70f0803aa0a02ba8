import type { DeviceClassFlags, Park } from '@farmpark/contracts';
import { get, post, type RequestOptions } from './request';

type Quiet = Pick<RequestOptions, 'silent'>;

/** Form values of the park dialog; numbers may be left empty (null). */
export interface ParkInput {
  groupName: string;
  holderMan: string;
  address: string;
  area: number | null;
  longitude: number | null;
  latitude: number | null;
  elevationM: number | null;
  windHeightM: number | null;
  crops: string;
  remark: string;
  /** IANA zone; blank returns the park to the server's default. */
  timeZone?: string;
}

export const getGroupAndDeviceAllList = () => get<Park[]>('/api/merchant/group/getGroupAndDeviceAllList');

export const addGroup = (body: ParkInput, options?: Quiet) => post<Park>('/api/merchant/group/addGroup', body, options);

export const alterGroup = (body: ParkInput & { groupId: number }, options?: Quiet) =>
  post<Park>('/api/merchant/group/alterGroup', body, options);

export const removeGroup = (groupId: number) =>
  post<null>('/api/merchant/group/removeGroup', { groupId }, { json: true });

export const alterGroupScreen = (groupId: number, screenId: number | null) =>
  post<null>('/api/merchant/group/alterGroupScreen', { groupId, screenId }, { json: true });

export const getDeviceClassList = (groupId: number) =>
  get<DeviceClassFlags>('/api/merchant/device/getDeviceClassList', { groupId });
