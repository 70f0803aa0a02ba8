import { CLASS_PERMIT_URL, type DeviceClass } from '@farmpark/contracts';

/** The home page's widgets that read data behind a page permission (park card and notices need none). */
export type HomeWidget = 'weather' | 'soil' | 'alarms' | 'pests' | 'irrigation' | 'plantings' | 'machinery';

/**
 * The page each widget's data belongs to: the server answers 1004 to a role without it, so the home
 * page shows a widget only when the permit list holds that page and never asks for what it may not see.
 */
export const WIDGET_PERMIT_URL: Record<HomeWidget, string> = {
  weather: CLASS_PERMIT_URL.weatherStation,
  soil: CLASS_PERMIT_URL.soilStation,
  alarms: '/alarm/alarmList',
  pests: '/outdoorsEquipment/worm/wormStatistical',
  irrigation: '/irrigation',
  plantings: '/productionManagement/plant',
  machinery: '/productionManagement/machinery',
};

const ORDER: readonly HomeWidget[] = ['alarms', 'weather', 'soil', 'irrigation', 'pests', 'plantings', 'machinery'];

/** The widgets a user with these (expanded) permits sees, in page order. */
export function homeWidgets(permits: ReadonlySet<string>): HomeWidget[] {
  return ORDER.filter((w) => permits.has(WIDGET_PERMIT_URL[w]));
}

/** Device classes whose live status (online, offline) this user may read; counts of the others come from the park. */
export function statusClasses(permits: ReadonlySet<string>, classes: readonly DeviceClass[]): DeviceClass[] {
  return classes.filter((c) => permits.has(CLASS_PERMIT_URL[c]));
}
