import type {
  AlarmRecord,
  AreaPoint,
  DeviceClass,
  DeviceParamConfig,
  DevicePoint,
  GisPark,
  GroupPoint,
  IrrigationMachine,
  IrrigationRun,
  Paged,
  ParkProduction,
  PestTrend,
  ScreenOverview,
} from '@farmpark/contracts';
import { type CameraPictureItem, SNAPSHOT_PATHS } from '@farmpark/contracts';
import { get } from '../../api/request';
import i18n, { isEnglish } from '../../i18n';

/**
 * The existing API calls a data screen reads, through the one HTTP client, asked `silent`: a wall
 * screen has nobody to read a toast, and during a server restart a refresh every minute would stack
 * them up. Each panel shows its own failure and the header says the data is stale.
 */
const M = '/api/merchant';
const silent = { silent: true } as const;
const lang = () => (isEnglish(i18n.language) ? 'en' : 'zh');

export const devicesOfClass = (groupId: number, deviceClass: DeviceClass) =>
  get<DeviceParamConfig[]>(`${M}/terminal/data/getInitParamConfigList`, { groupId, deviceClass, lang: lang() }, silent);

export const groupPoint = (groupId: number) =>
  get<GroupPoint | null>(`${M}/group-area-point/getGroupPointByGroupId`, { groupId }, silent);
export const areaPoints = (pointId: number) =>
  get<AreaPoint[]>(`${M}/group-area-point/getGroupAreaPointListByPointId`, { pointId }, silent);
export const placedDevices = (groupId: number) =>
  get<DevicePoint[]>(`${M}/group-area-point/getGroupDeviceRelevancePointListByGroupId`, { groupId }, silent);
export const gisParks = () => get<GisPark[]>(`${M}/group-area-point/getGisMapList`, undefined, silent);

export const pestTrend = (groupId: number, startTime: number, endTime: number) =>
  get<PestTrend>(`${M}/pest/getTrend`, { groupId, kind: 'insect', startTime, endTime }, silent);

export const machines = (groupId: number) =>
  get<IrrigationMachine[]>(`${M}/irrigation/getMachineList`, { groupId }, silent);
export const runsSince = (groupId: number, startTime: number) =>
  get<Paged<IrrigationRun>>(`${M}/irrigation/getRunList`, { groupId, startTime, pageNum: 1, pageSize: 500 }, silent);

export const latestAlarms = (groupId: number, pageSize: number) =>
  get<Paged<AlarmRecord>>(`${M}/alarm/getAlarmList`, { groupId, pageNum: 1, pageSize }, silent);
export const openAlarms = (groupId: number) =>
  get<{ active: number; open: number }>(`${M}/alarm/getActiveAlarmCount`, { groupId }, silent);
/** Devices in alarm colour the map: the park's active alarms, a bounded page. */
export const activeAlarms = (groupId: number) =>
  get<Paged<AlarmRecord>>(`${M}/alarm/getAlarmList`, { groupId, state: 'active', pageNum: 1, pageSize: 200 }, silent);

/** Growing crops and the harvest of the park's year (null: the role may not read production). */
export const parkProduction = (groupId: number) =>
  get<ParkProduction | null>(`${M}/screen/getParkProduction`, { groupId }, silent);
/** A multi-park screen: its title and each of its parks' numbers. */
export const screenOverview = (screenId: number) =>
  get<ScreenOverview>(`${M}/screen/getScreenOverview`, { screenId }, silent);
/** Each camera of the park set up for video, with its newest picture (the scheduled pictures: no stream). */
export const cameraPictures = (groupId: number) => get<CameraPictureItem[]>(SNAPSHOT_PATHS.latest, { groupId }, silent);
