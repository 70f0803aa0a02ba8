import {
  type CameraPictureItem,
  type DeviceClass,
  type ParkProduction,
  type Screen,
  type ScreenOverview,
  SNAPSHOT_PATHS,
} from '@farmpark/contracts';
import { getActiveAlarmCount, getAlarmList } from './alarms';
import { getMachineList, getRunList } from './irrigation';
import { getTrend } from './pests';
import { getAreaPoints, getGisMapList, getGroupPoint, getPlacedDevices } from './points';
import { get } from './request';
import { getInitParamConfigList } from './telemetry';

const M = '/api/merchant';

/** The data screens a user may open (the top bar's list). */
export const getScreenList = () => get<Screen[]>(`${M}/screen/getScreenList`);

/*
 * What a data screen reads, asked `silent`: a wall screen has nobody to read a toast, and during a server
 * restart a refresh every minute would stack them up. Each panel shows its own failure and the header says
 * the data is stale. Most are the other areas' calls, asked quietly.
 */
const silent = { silent: true } as const;

export const devicesOfClass = (groupId: number, deviceClass: DeviceClass) =>
  getInitParamConfigList({ deviceClass }, groupId, silent);

export const groupPoint = (groupId: number) => getGroupPoint(groupId, silent);
export const areaPoints = (pointId: number) => getAreaPoints(pointId, silent);
export const placedDevices = (groupId: number) => getPlacedDevices(groupId, silent);
export const gisParks = () => getGisMapList(silent);

export const pestTrend = (groupId: number, startTime: number, endTime: number) =>
  getTrend({ groupId, kind: 'insect', startTime, endTime }, silent);

export const machines = (groupId: number) => getMachineList(groupId, undefined, silent);
export const runsSince = (groupId: number, startTime: number) =>
  getRunList({ groupId, startTime, pageNum: 1, pageSize: 500 }, silent);

export const latestAlarms = (groupId: number, pageSize: number) =>
  getAlarmList({ groupId, pageNum: 1, pageSize }, silent);
export const openAlarms = getActiveAlarmCount;
/** Devices in alarm colour the map: the park's active alarms, a bounded page. */
export const activeAlarms = (groupId: number) =>
  getAlarmList({ groupId, state: 'active', pageNum: 1, pageSize: 200 }, silent);

/** Growing crops and the harvest of the park's year (null: the role may not read production). */
export const parkProduction = (groupId: number) =>
  get<ParkProduction | null>(`${M}/screen/getParkProduction`, { groupId }, silent);
/** A multi-park screen: its title and each of its parks' numbers. */
export const screenOverview = (screenId: number) =>
  get<ScreenOverview>(`${M}/screen/getScreenOverview`, { screenId }, silent);
/** Each camera of the park set up for video, with its newest picture (the scheduled pictures: no stream). */
export const cameraPictures = (groupId: number) => get<CameraPictureItem[]>(SNAPSHOT_PATHS.latest, { groupId }, silent);
