/**
 * Device classes and the park type tags of SPEC §2. The devices-and-telemetry work extends each
 * class with its models and parameters; the class keys and tags here are stable.
 */

/** Route type tags (SPEC §2): a route with a tag is hidden when the active park has no such device. */
export const TYPE_TAGS = ['shuifei', 'qixiang', 'turang', 'baozi', 'chongqing', 'envi', 'shachongdeng'] as const;
export type TypeTag = (typeof TYPE_TAGS)[number];

/** The seven per-park flags of SPEC §3 (`device/getDeviceClassList`), all false initially. */
export const DEVICE_CLASS_FLAGS = ['environment', 'insect', 'soil', 'spore', 'watering', 'weather', 'light'] as const;
export type DeviceClassFlag = (typeof DEVICE_CLASS_FLAGS)[number];
export type DeviceClassFlags = Record<DeviceClassFlag, boolean>;

export const TAG_TO_FLAG: Record<TypeTag, DeviceClassFlag> = {
  shuifei: 'watering',
  qixiang: 'weather',
  turang: 'soil',
  baozi: 'spore',
  chongqing: 'insect',
  envi: 'environment',
  shachongdeng: 'light',
};

export const DEVICE_CLASSES = [
  'waterFertilizer',
  'irrigationController',
  'smartIrrigation',
  'valveController',
  'weatherStation',
  'soilStation',
  'insectTrap',
  'sporeTrap',
  'envCabinet',
  'insectLamp',
  'camera',
] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Which type tag each class carries; cameras carry none (video pages are not filtered). */
export const CLASS_TAG: Record<DeviceClass, TypeTag | null> = {
  waterFertilizer: 'shuifei',
  irrigationController: 'shuifei',
  smartIrrigation: 'shuifei',
  valveController: 'shuifei',
  weatherStation: 'qixiang',
  soilStation: 'turang',
  insectTrap: 'chongqing',
  sporeTrap: 'baozi',
  envCabinet: 'envi',
  insectLamp: 'shachongdeng',
  camera: null,
};

export function emptyFlags(): DeviceClassFlags {
  return {
    environment: false,
    insect: false,
    soil: false,
    spore: false,
    watering: false,
    weather: false,
    light: false,
  };
}

/** Flags of a park from the classes of its devices. */
export function flagsFromClasses(classes: Iterable<string>): DeviceClassFlags {
  const flags = emptyFlags();
  for (const c of classes) {
    const tag = CLASS_TAG[c as DeviceClass];
    if (tag) flags[TAG_TO_FLAG[tag]] = true;
  }
  return flags;
}
