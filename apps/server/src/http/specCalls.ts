/**
 * Every call of SPEC §7, as the console makes it: method, path, whether SPEC sends the body as JSON,
 * and an input the way the console would fill it. specContract.test.ts asserts each still answers.
 */
export interface SpecCallInput {
  park: number;
  screen: number;
  lamp: number;
  trap: number;
  weather: number;
  now: number;
}

export interface SpecCall {
  method: 'GET' | 'POST';
  path: string;
  /** SPEC marks the body JSON; otherwise the console posts form-encoded. */
  json?: true;
  input?: (c: SpecCallInput) => Record<string, string | number | string[] | number[] | null>;
}

const M = '/api/merchant';
const day = (c: SpecCallInput) => ({ startTime: c.now - 86_400_000, endTime: c.now });
const series = (c: SpecCallInput, deviceId: number) => ({ ...day(c), deviceId, pageNum: 1, pageSize: 10 });
const park = (c: SpecCallInput) => ({ groupId: c.park });
const square = '[[118.7,32.0],[118.8,32.0],[118.8,32.1],[118.7,32.0]]';
const parkFields = {
  groupName: 'Contract park',
  holderMan: 'Li',
  address: 'Nanjing',
  area: 10,
  longitude: 118.8,
  latitude: 32.05,
  crops: 'rice',
  remark: '',
};

export const SPEC_CALLS: SpecCall[] = [
  // Authentication and user
  { method: 'POST', path: `${M}/login/loginByPassword`, input: () => ({ loginName: 'demo', loginPwd: 'x' }) },
  { method: 'GET', path: `${M}/user/center/getMerchantUserInfo` },
  { method: 'GET', path: `${M}/user/center/logout`, input: () => ({ token: 'not-one-of-mine' }) },
  { method: 'GET', path: `${M}/user/getSysUserAllList` },
  { method: 'POST', path: `${M}/user/resetLoginPwd`, input: () => ({ oldPwd: 'wrong-old-1', newPwd: 'NewPassw0rd' }) },
  { method: 'GET', path: `${M}/user/getSysUserExtend` },
  { method: 'GET', path: `${M}/screen/getScreenList` },
  // Parks and points
  { method: 'GET', path: `${M}/group/getGroupAndDeviceAllList` },
  { method: 'POST', path: `${M}/group/alterGroup`, input: (c) => ({ ...parkFields, groupId: c.park }) },
  { method: 'POST', path: `${M}/group/addGroup`, input: () => parkFields },
  { method: 'POST', path: `${M}/group/removeGroup`, input: () => ({ groupId: 999_999 }) },
  {
    method: 'POST',
    path: `${M}/group/alterGroupScreen`,
    json: true,
    input: (c) => ({ groupId: c.park, screenId: c.screen }),
  },
  { method: 'GET', path: `${M}/group-area-point/getGroupPointByGroupId`, input: park },
  {
    method: 'POST',
    path: `${M}/group-area-point/alterGroupPoint`,
    input: (c) => ({ groupId: c.park, longitude: 118.8, latitude: 32.05, zoom: 15, boundary: square }),
  },
  { method: 'POST', path: `${M}/group-area-point/removeGroupPoint`, input: () => ({ pointId: 999_999 }) },
  { method: 'GET', path: `${M}/group-area-point/getGroupAreaPointListByPointId`, input: () => ({ pointId: 999_999 }) },
  {
    method: 'POST',
    path: `${M}/group-area-point/alterGroupAreaPoint`,
    json: true,
    input: () => ({ pointId: 999_999, areaName: 'A', crop: 'rice', area: 1, boundary: square, remark: '' }),
  },
  {
    method: 'POST',
    path: `${M}/group-area-point/removeBatchGroupAreaPoint`,
    json: true,
    input: () => ({ areaPointIds: [999_999] }),
  },
  { method: 'GET', path: `${M}/group-area-point/getGroupDeviceRelevancePointListByGroupId`, input: park },
  { method: 'GET', path: `${M}/group-area-point/getGroupDeviceNotRelevancePointListByGroupId`, input: park },
  {
    method: 'POST',
    path: `${M}/group-area-point/alterDevicePoint`,
    json: true,
    input: (c) => ({ deviceId: c.lamp, longitude: 118.8, latitude: 32.05 }),
  },
  // Devices and data
  { method: 'POST', path: `${M}/device/alterDeviceGroup`, input: (c) => ({ deviceId: c.lamp, groupId: c.park }) },
  { method: 'GET', path: `${M}/device/getDeviceClassList`, input: park },
  { method: 'GET', path: `${M}/device/getLightDeviceList`, input: park },
  { method: 'GET', path: `${M}/camera/getCameraListByGroupId`, input: park },
  { method: 'GET', path: `${M}/weather/getInitParamConfigList`, input: park },
  { method: 'GET', path: `${M}/weather/getParamDataList`, input: (c) => series(c, c.weather) },
  {
    method: 'GET',
    path: `${M}/weather/getSelectParamDataList`,
    input: (c) => ({ ...day(c), deviceIds: String(c.weather), keys: 'airPressure' }),
  },
  ...(['soil', 'spore', 'worm'] as const).flatMap((kind): SpecCall[] => [
    { method: 'GET', path: `${M}/${kind}/getInitParamConfigList`, input: park },
    { method: 'GET', path: `${M}/${kind}/getParamDataList`, input: (c) => series(c, c.trap) },
  ]),
  { method: 'GET', path: `${M}/terminal/data/getParamDataList`, input: (c) => series(c, c.weather) },
  { method: 'GET', path: `${M}/notice/getEnableNoticeList` },
  { method: 'GET', path: `${M}/light/getAccessToken` },
  { method: 'GET', path: `${M}/light/getLightBySerial`, input: () => ({ serial: 'DF-IL-0001' }) },
  { method: 'POST', path: `${M}/light/refreshAccessToken` },
  { method: 'POST', path: `${M}/light/updateLight`, input: (c) => ({ deviceId: c.lamp, name: '太阳能杀虫灯' }) },
  // Insect and device operations
  { method: 'POST', path: '/sqdApi/external/deviceStatus', input: (c) => ({ deviceId: c.trap }) },
  { method: 'POST', path: '/sqdApi/insect/param', json: true, input: (c) => ({ deviceId: c.trap, photoInterval: 30 }) },
  { method: 'POST', path: '/sqdApi/insect/operate', input: (c) => ({ deviceId: c.trap, operate: 'photograph' }) },
  { method: 'POST', path: '/sqdApi/updateStatus', input: (c) => ({ deviceId: c.trap, status: 'capture' }) },
  { method: 'POST', path: '/sqdApi/updateParams', input: (c) => ({ deviceId: c.trap, deviceName: '虫情测报灯' }) },
];
