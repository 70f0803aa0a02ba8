import type { DeviceParamConfig, DeviceStatusMessage, LatestValue, LiveTelemetryMessage } from '@farmpark/contracts';

/** What a real-time page knows of one device: its configuration merged with what arrived live. */
export interface LiveDevice extends DeviceParamConfig {
  /** Keys whose value changed by a live message (the tiles that flash), with the time of the change. */
  changedAt: Record<string, number>;
}

export const fromConfig = (c: DeviceParamConfig): LiveDevice => ({ ...c, changedAt: {} });

/**
 * Applies one live telemetry message. Older readings than the one shown are ignored (QoS 1 may
 * redeliver); the previous value becomes `prev` so the arrow compares against the last reading.
 */
export function applyTelemetry(devices: LiveDevice[], msg: LiveTelemetryMessage): LiveDevice[] {
  if (!msg || !Array.isArray(msg.readings)) return devices;
  let changed = false;
  const next = devices.map((d) => {
    const readings = msg.readings.filter((r) => r.deviceId === d.deviceId);
    if (readings.length === 0) return d;
    const latest: Record<string, LatestValue> = { ...d.latest };
    const changedAt = { ...d.changedAt };
    let lastReportAt = d.lastReportAt;
    let touched = false;
    for (const r of readings) {
      for (const [key, value] of Object.entries(r.values ?? {})) {
        if (typeof value !== 'number' || !Number.isFinite(value)) continue;
        const old = latest[key];
        if (old && old.ts >= r.ts) continue;
        latest[key] = { value, ts: r.ts, prev: old ? old.value : null };
        if (!old || old.value !== value) changedAt[key] = r.ts;
        touched = true;
      }
      lastReportAt = Math.max(lastReportAt ?? 0, r.ts);
    }
    if (!touched && lastReportAt === d.lastReportAt) return d;
    changed = true;
    // A reading proves the device is talking to the server, whatever the last status message said.
    return { ...d, latest, changedAt, lastReportAt, online: true };
  });
  return changed ? next : devices;
}

export function applyStatus(devices: LiveDevice[], msg: DeviceStatusMessage): LiveDevice[] {
  if (!msg || typeof msg.deviceId !== 'number') return devices;
  let changed = false;
  const next = devices.map((d) => {
    if (d.deviceId !== msg.deviceId || d.online === Boolean(msg.online)) return d;
    changed = true;
    return { ...d, online: Boolean(msg.online) };
  });
  return changed ? next : devices;
}
