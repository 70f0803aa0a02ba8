export { Behaviour, CommandRefused, type SimContext, type ZoneClog } from './behaviour';
export { SimClock } from './clock';
export { createDevice, type DeviceOptions, FIRMWARE, type PublishedMessage, VirtualDevice } from './device';
export { createFleet, Fleet, type FleetCommon, type FleetStartResult } from './fleet';
export { generateHistory, type HistorySpec } from './history';
export { DEFAULT_ZONE_AREA_M2, type ZoneLink, ZoneLinks } from './links';
export { createBehaviour } from './models';
export { placeOf } from './models/place';
export { weatherAt } from './models/weather';
export { type DeviceEntry, deviceEntry } from './options';
export { mulberry32 } from './random';
export {
  expectedCatch,
  PHOTO_SIZE,
  renderTrapPhoto,
  type TrapDetection,
  type TrapKind,
  trapDetections,
  uploadTrapPhoto,
} from './trapPhotos';
