import type { DeviceStatusMessage, GisPark } from '@farmpark/contracts';

/** Parks with one device's online flag replaced; the same array when the device is unknown or unchanged. */
export function applyGisStatus(parks: GisPark[], msg: DeviceStatusMessage): GisPark[] {
  let changed = false;
  const next = parks.map((p) => {
    if (!p.devices.some((d) => d.deviceId === msg.deviceId && d.online !== msg.online)) return p;
    changed = true;
    return { ...p, devices: p.devices.map((d) => (d.deviceId === msg.deviceId ? { ...d, online: msg.online } : d)) };
  });
  return changed ? next : parks;
}
