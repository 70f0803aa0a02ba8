import { CLASS_PERMIT_URL, type DeviceClass } from '@farmpark/contracts';

/**
 * The page each panel's data belongs to: the server answers 1004 to a role without it, so a panel
 * whose page the user may not open says so instead of asking (as the home page does).
 */
export const PANEL_PERMIT = {
  parkMap: '/park/parkInfo',
  gisMap: '/system/GisMap',
  pests: '/outdoorsEquipment/worm/wormTrend',
  irrigation: '/irrigation',
  alarms: '/alarm/alarmList',
} as const;

export const classPermitted = (permits: ReadonlySet<string>, c: DeviceClass) => permits.has(CLASS_PERMIT_URL[c]);
