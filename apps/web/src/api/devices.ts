import type {
  DeviceBrokerInfo,
  DeviceInfo,
  DeviceParamConfig,
  DeviceWithSecret,
  Paged,
  ParamSetting,
} from '@farmpark/contracts';
import i18n, { isEnglish } from '../i18n';
import { get, post, type RequestOptions } from './request';

const D = '/api/merchant/device';
type Quiet = Pick<RequestOptions, 'silent'>;
const lang = () => (isEnglish(i18n.language) ? 'en' : 'zh');

export interface DeviceInput {
  serial: string;
  deviceClass: string;
  model?: string;
  deviceName: string;
  groupId: number;
  longitude?: number | null;
  latitude?: number | null;
}

export const getDeviceList = (p: Record<string, string | number | boolean | undefined>) =>
  get<Paged<DeviceInfo>>(`${D}/getDeviceList`, p);
export const addDevice = (b: DeviceInput, o?: Quiet) =>
  post<DeviceWithSecret>(`${D}/addDevice`, b, { json: true, silent: o?.silent });
export const alterDevice = (b: { deviceId: number; deviceName: string; model?: string }, o?: Quiet) =>
  post<DeviceInfo>(`${D}/alterDevice`, b, { json: true, silent: o?.silent });
export const removeDevice = (deviceId: number[]) =>
  post<{ removed: number }>(`${D}/removeDevice`, { deviceId }, { json: true });
export const regenerateDeviceSecret = (deviceId: number) =>
  post<DeviceWithSecret>(`${D}/regenerateDeviceSecret`, { deviceId }, { json: true });
export const alterDeviceGroup = (deviceId: number[], groupId: number) =>
  post<unknown>(`${D}/alterDeviceGroup`, { deviceId, groupId }, { json: true });
export const getDeviceBroker = () => get<DeviceBrokerInfo>(`${D}/getDeviceBroker`);

export const getDeviceParamConfig = (deviceId: number) =>
  get<DeviceParamConfig>(`${D}/getDeviceParamConfig`, { deviceId, lang: lang() });
export const alterDeviceParamConfig = (deviceId: number, paramList: ParamSetting[]) =>
  post<unknown>(`${D}/alterDeviceParamConfig`, { deviceId, paramList }, { json: true });
export const getGroupVarSort = (deviceId: number) =>
  get<{ key: string; name: string; sort: number }[]>(`${D}/getGroupVarSort`, { deviceId, lang: lang() });
export const alterGroupVarSort = (deviceId: number, groups: string[]) =>
  post<unknown>(`${D}/alterGroupVarSort`, { deviceId, groups }, { json: true });
