import { type DeviceStatusMessage, eventPayload, statusPayload, webChannel } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { DeviceMessage } from '../../mqtt/deviceMessages';
import type { Publish } from '../../mqtt/publish';
import type { DeviceRegistry } from './registry';
import * as repo from './statusRepo';

/** A device that sends nothing for this many reporting intervals is offline. */
export const SILENT_INTERVALS = 3;
/**
 * A last will carries the time its connection was made, which is a little before that connection's
 * own "online" status. An offline status this much older than the device's latest online status
 * (`connected_at`) belongs to an earlier connection (its will fired late, after the device was back) and is
 * ignored. Judged against the connection, not `status_at`: a sign of life or the silence job moves that,
 * and a live connection's will judged against it was dropped (the crashed machine stayed online).
 */
export const WILL_GRACE_MS = 30_000;

export class RefusedDeviceMessage extends Error {}

export interface DeviceStatusDeps {
  db: Db;
  publish: Publish;
  registry: Pick<DeviceRegistry, 'bySerial'>;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
}

/** An offline status (a will) from a connection older than the present one. */
const stale = (ts: number, connectedAt: number | null) => connectedAt !== null && ts < connectedAt - WILL_GRACE_MS;

type Changed = { id: number; merchant_id: number; group_id: number | null };

function parseJson(msg: DeviceMessage): unknown {
  try {
    return JSON.parse(msg.payload.toString('utf8'));
  } catch {
    throw new RefusedDeviceMessage(`${msg.serial}: ${msg.channel} payload is not JSON`);
  }
}

/**
 * Online and offline. Sources, in order of authority: the device's own status messages (and its last
 * will), any message from a device believed offline (it is evidently back), and silence longer than
 * SILENT_INTERVALS x report_interval_ms (`markSilent`, run by a job from the database, so it survives
 * restarts). Every change is published on `web/{m}/{g}/status`.
 */
export function createDeviceStatus(deps: DeviceStatusDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  /** Devices this process believes online: lets the hot path skip the database for live devices. */
  const online = new Set<number>();

  async function announce(rows: Changed[], isOnline: boolean, ts: number): Promise<void> {
    for (const r of rows) {
      if (isOnline) online.add(r.id);
      else online.delete(r.id);
      if (r.group_id === null) continue;
      const msg: DeviceStatusMessage = { deviceId: r.id, online: isOnline, ts };
      // not awaited: a console that reads slowly must not hold the status sweep (commands/service.ts)
      void deps.publish(...webChannel(r.merchant_id, r.group_id, 'status', msg)).catch((err: Error) => {
        deps.log?.warn({ deviceId: r.id, err: err.message }, 'device status not published');
      });
    }
  }

  async function deviceIdOf(msg: DeviceMessage): Promise<number> {
    if (msg.deviceId !== undefined) return msg.deviceId;
    const ref = await deps.registry.bySerial(msg.serial);
    if (!ref) throw new RefusedDeviceMessage(`${msg.serial}: unknown device`);
    return ref.deviceId;
  }

  /**
   * `dev/{serial}/up/status`, including the last will. An online status older than the status applied
   * last is a replayed retained message; an offline one more than WILL_GRACE_MS older than the latest
   * online status is the will of an earlier connection. Both are ignored. Should a stale will still get
   * through, the device's next message brings it back online (`seen`).
   */
  async function handleStatus(msg: DeviceMessage): Promise<void> {
    const parsed = statusPayload.safeParse(parseJson(msg));
    if (!parsed.success)
      throw new RefusedDeviceMessage(`${msg.serial}: invalid status: ${parsed.error.issues[0]?.message}`);
    const s = parsed.data;
    const deviceId = await deviceIdOf(msg);
    const row = await repo.deviceStatusRow(db, deviceId);
    if (!row) throw new RefusedDeviceMessage(`${msg.serial}: unknown device`);
    if (s.online ? row.status_at !== null && s.ts < row.status_at : stale(s.ts, row.connected_at)) return;
    await repo.setDeviceStatus(db, deviceId, {
      online: s.online ? 1 : 0,
      status_at: s.ts,
      ...(s.online ? { connected_at: s.ts } : { offline_at: msg.receivedAt }),
      ...(s.firmware !== undefined ? { firmware: s.firmware } : {}),
      ...(s.online ? { last_seen_at: msg.receivedAt } : {}),
    });
    if ((row.online === 1) !== s.online) await announce([row], s.online, s.ts);
    else if (s.online) online.add(row.id);
  }

  /**
   * Devices heard from (a committed telemetry batch, an event, an ack) since `since`: any of them marked offline
   * before that is online again. One statement for the devices not already known online; none at all in the
   * steady state. A device marked offline after `since` stays offline (statusRepo.markOnline), and is not taken
   * as known online: its next message is judged again.
   */
  async function seen(deviceIds: readonly number[], since = now()): Promise<void> {
    const unknown = deviceIds.filter((id) => !online.has(id));
    if (unknown.length === 0) return;
    const at = now();
    const changed = await repo.markOnline(db, unknown, since, at);
    const stillOffline = new Set(await repo.offlineAmong(db, unknown));
    for (const id of unknown) if (!stillOffline.has(id)) online.add(id);
    await announce(changed, true, at);
  }

  /** Marks offline every online device silent for SILENT_INTERVALS of its reporting interval. */
  async function markSilent(): Promise<number> {
    const t = now();
    const changed = await repo.markSilentOffline(db, t, SILENT_INTERVALS);
    await announce(changed, false, t);
    // Another server process may have changed flags: relearn which devices are online.
    const live = await repo.onlineDeviceIds(db);
    online.clear();
    for (const id of live) online.add(id);
    return changed.length;
  }

  /** `dev/{serial}/up/event`: stored as it came; a sign of life as well. */
  async function handleEvent(msg: DeviceMessage): Promise<void> {
    const parsed = eventPayload.safeParse(parseJson(msg));
    if (!parsed.success)
      throw new RefusedDeviceMessage(`${msg.serial}: invalid event: ${parsed.error.issues[0]?.message}`);
    const deviceId = await deviceIdOf(msg);
    const e = parsed.data;
    await repo.insertDeviceEvent(db, { deviceId, ts: e.ts, type: e.type, data: e.data, receivedAt: msg.receivedAt });
    await touch([deviceId], msg.receivedAt);
  }

  /** Records that devices were heard from now (events, acks; telemetry does its own per batch). */
  async function touch(deviceIds: number[], at: number): Promise<void> {
    await repo.touchDevices(db, deviceIds, at);
    await seen(deviceIds, at);
  }

  return { handleStatus, handleEvent, seen, touch, markSilent, isOnline: (id: number) => online.has(id) };
}

export type DeviceStatus = ReturnType<typeof createDeviceStatus>;
