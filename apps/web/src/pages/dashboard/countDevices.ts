import { DEVICE_CLASSES, type DeviceClass, type ParkDevice } from '@farmpark/contracts';

/** Device counts per class in catalogue order, leaving out classes the park has none of. */
export function countByClass(devices: readonly ParkDevice[]): { deviceClass: DeviceClass; count: number }[] {
  const counts = new Map<DeviceClass, number>();
  for (const d of devices) counts.set(d.deviceClass, (counts.get(d.deviceClass) ?? 0) + 1);
  return DEVICE_CLASSES.filter((c) => counts.has(c)).map((c) => ({ deviceClass: c, count: counts.get(c)! }));
}
