import {
  CLASS_PERMIT_URL,
  type DeviceClass,
  expandGrants,
  SCREEN_READ_PERMITS,
  SCREEN_ROLE,
} from '@farmpark/contracts';
import { useMemo } from 'react';
import { useSessionStore } from '../../stores/session';
import { usePermits } from '../dashboard/usePermits';

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

/**
 * What the screen may show: a staff user's own pages; a data-screen account (no pages of its own) what
 * the server lets every such account read, within its parks.
 */
export function useScreenPermits(): ReadonlySet<string> {
  const own = usePermits();
  const isScreenAccount = useSessionStore((s) => s.user?.roles.includes(SCREEN_ROLE) ?? false);
  return useMemo(() => (isScreenAccount ? expandGrants(SCREEN_READ_PERMITS) : own), [isScreenAccount, own]);
}
