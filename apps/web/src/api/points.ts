import type {
  AreaPoint,
  DeviceParamConfig,
  DevicePoint,
  GisPark,
  GroupPoint,
  ImportResult,
  LngLat,
} from '@farmpark/contracts';
import i18n, { isEnglish } from '../i18n';
import { get, post, type RequestOptions } from './request';

const P = '/api/merchant/group-area-point';
const json = { json: true } as const;
/** A data screen reads these quietly (it has nobody to read a toast). */
type Quiet = Pick<RequestOptions, 'silent'>;

export const getGroupPoint = (groupId: number, o?: Quiet) =>
  get<GroupPoint | null>(`${P}/getGroupPointByGroupId`, { groupId }, o);
export const alterGroupPoint = (b: {
  groupId: number;
  longitude: number;
  latitude: number;
  zoom: number;
  boundary: LngLat[];
}) => post<GroupPoint>(`${P}/alterGroupPoint`, b, json);
export const removeGroupPoint = (pointId: number) => post<null>(`${P}/removeGroupPoint`, { pointId }, json);

export const getAreaPoints = (pointId: number, o?: Quiet) =>
  get<AreaPoint[]>(`${P}/getGroupAreaPointListByPointId`, { pointId }, o);
export const alterAreaPoint = (b: {
  areaPointId: number | null;
  pointId: number;
  areaName: string;
  crop: string;
  area: number | null;
  boundary: LngLat[];
}) => post<AreaPoint>(`${P}/alterGroupAreaPoint`, b, json);
export const removeAreaPoints = (areaPointIds: number[]) =>
  post<{ removed: number }>(`${P}/removeBatchGroupAreaPoint`, { areaPointIds }, json);

export const getPlacedDevices = (groupId: number, o?: Quiet) =>
  get<DevicePoint[]>(`${P}/getGroupDeviceRelevancePointListByGroupId`, { groupId }, o);
export const getUnplacedDevices = (groupId: number) =>
  get<DevicePoint[]>(`${P}/getGroupDeviceNotRelevancePointListByGroupId`, { groupId });
export const alterDevicePoint = (deviceId: number, at: LngLat | null) =>
  post<null>(`${P}/alterDevicePoint`, { deviceId, longitude: at ? at[0] : null, latitude: at ? at[1] : null }, json);

export const getGisMapList = (o?: Quiet) => get<GisPark[]>(`${P}/getGisMapList`, undefined, o);
export const getGisDeviceDetail = (deviceId: number) =>
  get<DeviceParamConfig>(`${P}/getGisDeviceDetail`, { deviceId, lang: isEnglish(i18n.language) ? 'en' : 'zh' });

export const importDevices = (csv: string) => post<ImportResult>('/api/merchant/device/importDevices', { csv }, json);
