import type { DeviceClass } from './deviceClasses';

/**
 * The page family that governs each device class. Generic routes (`terminal/data/*`, `command/*`)
 * declare no page of their own; the service checks this one instead, once it knows the device.
 */
export const CLASS_PERMIT_URL: Record<DeviceClass, string> = {
  envCabinet: '/envControl/ehc',
  insectLamp: '/plantProtect/insecticidalLamp',
  insectTrap: '/outdoorsEquipment/worm',
  sporeTrap: '/outdoorsEquipment/spore',
  waterFertilizer: '/irrigation/irrigationSystem',
  irrigationController: '/irrigation/irrigationController',
  smartIrrigation: '/irrigation/irrigationAuto',
  valveController: '/irrigation/valve',
  weatherStation: '/outdoorsEquipment/weatherWatches',
  soilStation: '/outdoorsEquipment/moistureMonitoring',
  camera: '/videoEqui/video',
};

/**
 * What a data-screen account reads: the pages whose data the data screens show (each device class's
 * family, the park map, the GIS map, the pest trend, the alarm records). Such an account holds no role;
 * its session grants these pages, and the server lets it through only the read routes marked
 * `screenAccess`, within its own parks. The screens use the same list to know what they may show.
 */
export const SCREEN_READ_PERMITS: readonly string[] = [
  ...Object.values(CLASS_PERMIT_URL),
  '/park/parkInfo',
  '/system/GisMap',
  '/outdoorsEquipment/worm/wormTrend',
  '/alarm/alarmList',
];

/**
 * True when an expanded grant set (see `expandGrants`) allows working with devices of this class.
 * Expansion adds every ancestor of a granted page, so a grant of any page below the family's prefix
 * (e.g. `/outdoorsEquipment/worm/deviceStatus`) puts the prefix itself in the set.
 */
export function classAllowed(expandedGrants: ReadonlySet<string>, deviceClass: DeviceClass): boolean {
  return expandedGrants.has(CLASS_PERMIT_URL[deviceClass]);
}

/** The classes an expanded grant set allows, for list filters. */
export function allowedClasses(expandedGrants: ReadonlySet<string>): DeviceClass[] {
  return (Object.keys(CLASS_PERMIT_URL) as DeviceClass[]).filter((c) => classAllowed(expandedGrants, c));
}
