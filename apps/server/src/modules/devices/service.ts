import {
  type AddDeviceBody,
  type AlterDeviceBody,
  Code,
  DEVICE_MODEL,
  type DeviceClass,
  type DeviceInfo,
  type DeviceListQuery,
  type DeviceWithSecret,
  type Paged,
  type SystemLogAction,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { requirePark, requireParkIfGiven, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { audited } from '../systemLog/service';
import { generateSecret, hashSecret } from './credentials';
import type { DeviceRegistry } from './registry';
import * as repo from './repo';

/** Ends a device's live MQTT connection (embedded broker); a no-op where the broker is external. */
export interface DeviceSessions {
  disconnect(serial: string): void;
}

export interface DeviceDeps {
  db: Db;
  registry: DeviceRegistry;
  sessions: DeviceSessions;
}

export function toDeviceInfo(r: repo.DeviceListRow): DeviceInfo {
  return {
    deviceId: r.id,
    serial: r.serial,
    deviceName: r.name,
    deviceClass: r.device_class as DeviceClass,
    model: r.model,
    groupId: r.group_id,
    groupName: r.group_name ?? '',
    online: r.online === 1,
    lastSeenAt: r.last_seen_at,
    statusAt: r.status_at,
    firmware: r.firmware,
    reportIntervalMs: r.report_interval_ms,
    longitude: r.longitude,
    latitude: r.latitude,
    remark: r.remark,
    hasSecret: Number(r.has_secret) === 1,
    createdAt: r.created_at,
  };
}

/** Every device write is logged against the device, done or refused; `detail` says what a done one did. */
function logged<T>(
  db: Db,
  auth: AuthContext,
  meta: ClientMeta,
  target: { action: SystemLogAction; targetId: string | number; detail: (r: T) => string },
  run: () => Promise<T>,
): Promise<T> {
  const { action, targetId, detail } = target;
  return audited(db, auth, meta, { action, targetType: 'device', targetId }, run, (r) => ({ detail: detail(r) }));
}

async function visibleDevice(db: Db, auth: AuthContext, deviceId: number) {
  const row = await repo.findDevice(db, scopeOf(auth), deviceId);
  if (!row) throw notFound(`deviceId ${deviceId}: device`);
  return row;
}

/** All or nothing: one id the caller may not see refuses the whole request. */
async function visibleDevices(db: Db, auth: AuthContext, deviceIds: readonly number[]) {
  const unique = [...new Set(deviceIds)];
  const rows = await repo.findDevices(db, scopeOf(auth), unique);
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw notFound(`deviceId ${missing.join(',')}: device`);
  return rows;
}

function modelFor(deviceClass: DeviceClass, model: string | undefined): string {
  return model ?? DEVICE_MODEL[deviceClass].models[0].model;
}

const serialTaken = (serial: string) =>
  new ApiError(Code.CONFLICT, `serial: a device with serial "${serial}" is already registered`, {
    field: 'serial',
    rule: 'taken',
    params: { value: serial },
  });
/**
 * Serials are global (they are MQTT user names), so one may belong to another merchant: that is
 * answered without saying so, or the form would tell anyone which serials other merchants own.
 */
const serialRefused = (serial: string) =>
  new ApiError(Code.VALIDATION, `serial: "${serial}" cannot be registered; check the serial on the device`, {
    field: 'serial',
    rule: 'unavailable',
    params: { value: serial },
  });

export async function listDevices(db: Db, auth: AuthContext, q: DeviceListQuery): Promise<Paged<DeviceInfo>> {
  requireParkIfGiven(auth, q.groupId);
  const { rows, total } = await repo.listDevices(db, scopeOf(auth), q, q);
  return { list: rows.map(toDeviceInfo), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function deviceDetail(db: Db, auth: AuthContext, deviceId: number): Promise<DeviceInfo> {
  return toDeviceInfo(await visibleDevice(db, auth, deviceId));
}

export function addDevice(
  deps: DeviceDeps,
  auth: AuthContext,
  body: AddDeviceBody,
  meta: ClientMeta,
): Promise<DeviceWithSecret> {
  const { db } = deps;
  const detail = (r: DeviceWithSecret) => `${r.device.deviceId} ${r.device.deviceClass} ${r.device.deviceName}`;
  return logged(db, auth, meta, { action: 'device.add', targetId: body.serial, detail }, async () => {
    requirePark(auth, body.groupId);
    const owner = await repo.serialTaken(db, body.serial);
    if (owner) throw owner.merchant_id === auth.merchantId ? serialTaken(body.serial) : serialRefused(body.serial);
    const secret = generateSecret();
    let deviceId: number;
    try {
      deviceId = await repo.insertDevice(db, {
        merchant_id: auth.merchantId,
        group_id: body.groupId,
        serial: body.serial,
        name: body.deviceName,
        device_class: body.deviceClass,
        model: modelFor(body.deviceClass, body.model),
        secret_hash: hashSecret(secret),
        report_interval_ms: body.reportIntervalMs,
        longitude: body.longitude,
        latitude: body.latitude,
        remark: body.remark,
        created_at: Date.now(),
      });
    } catch (err) {
      // Taken between the check and the insert: whose it is stays unsaid.
      if (isUniqueViolation(err)) throw serialRefused(body.serial);
      throw err;
    }
    // The serial may sit in the cache as "unknown" from an earlier attempt to connect.
    deps.registry.invalidate(body.serial);
    return { device: await deviceDetail(db, auth, deviceId), secret };
  });
}

export function alterDevice(
  deps: DeviceDeps,
  auth: AuthContext,
  body: AlterDeviceBody,
  meta: ClientMeta,
): Promise<DeviceInfo> {
  const { db } = deps;
  const detail = (d: DeviceInfo) => `${d.serial} ${d.deviceName}`;
  return logged(db, auth, meta, { action: 'device.alter', targetId: body.deviceId, detail }, async () => {
    const row = await visibleDevice(db, auth, body.deviceId);
    const deviceClass = row.device_class as DeviceClass;
    const models = DEVICE_MODEL[deviceClass].models.map((m) => m.model);
    if (body.model !== undefined && !models.includes(body.model)) {
      throw new ApiError(Code.VALIDATION, `model must be one of ${models.join(', ')} for ${deviceClass}`);
    }
    await repo.updateDevices(db, scopeOf(auth), [body.deviceId], {
      name: body.deviceName,
      model: body.model ?? (row.model || modelFor(deviceClass, undefined)),
      report_interval_ms: body.reportIntervalMs,
      longitude: body.longitude,
      latitude: body.latitude,
      remark: body.remark,
    });
    deps.registry.invalidate(row.serial);
    return deviceDetail(db, auth, body.deviceId);
  });
}

export function removeDevices(
  deps: DeviceDeps,
  auth: AuthContext,
  deviceIds: number[],
  meta: ClientMeta,
): Promise<number> {
  const { db } = deps;
  let serials: string[] = [];
  const detail = () => serials.join(',');
  return logged(db, auth, meta, { action: 'device.remove', targetId: deviceIds.join(','), detail }, async () => {
    const rows = await visibleDevices(db, auth, deviceIds);
    serials = rows.map((r) => r.serial);
    const n = await repo.deleteDevices(
      db,
      scopeOf(auth),
      rows.map((r) => r.id),
    );
    // The row (and with it the secret hash) is gone: drop whatever this process still knows and the live session.
    for (const s of serials) {
      deps.registry.invalidate(s);
      deps.sessions.disconnect(s);
    }
    return n;
  });
}

export function regenerateSecret(
  deps: DeviceDeps,
  auth: AuthContext,
  deviceId: number,
  meta: ClientMeta,
): Promise<DeviceWithSecret> {
  const { db } = deps;
  const detail = (r: DeviceWithSecret) => `${r.device.serial}: new secret issued`;
  return logged(db, auth, meta, { action: 'device.secret', targetId: deviceId, detail }, async () => {
    const row = await visibleDevice(db, auth, deviceId);
    const secret = generateSecret();
    await repo.updateDevices(db, scopeOf(auth), [deviceId], { secret_hash: hashSecret(secret) });
    deps.registry.invalidate(row.serial);
    // A connected device keeps its session until it reconnects; end it so the old secret is useless now.
    deps.sessions.disconnect(row.serial);
    return { device: await deviceDetail(db, auth, deviceId), secret };
  });
}

export function moveDevices(
  deps: DeviceDeps,
  auth: AuthContext,
  deviceIds: number[],
  groupId: number,
  meta: ClientMeta,
): Promise<DeviceInfo[]> {
  const { db } = deps;
  const detail = (list: DeviceInfo[]) => `${list.map((d) => d.serial).join(',')} -> groupId ${groupId}`;
  return logged(db, auth, meta, { action: 'device.move', targetId: deviceIds.join(','), detail }, async () => {
    // Source parks are checked by the scope of visibleDevices, the target one here.
    const rows = await visibleDevices(db, auth, deviceIds);
    requirePark(auth, groupId);
    await repo.updateDevices(
      db,
      scopeOf(auth),
      rows.map((r) => r.id),
      { group_id: groupId },
    );
    for (const r of rows) deps.registry.invalidate(r.serial);
    return (
      await repo.findDevices(
        db,
        scopeOf(auth),
        rows.map((r) => r.id),
      )
    ).map(toDeviceInfo);
  });
}
