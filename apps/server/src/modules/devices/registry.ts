import type { DeviceClass } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import * as repo from './repo';

/** Who a device is: what the hot paths (ingest, acks, status) need to route its messages. */
export interface DeviceRef {
  deviceId: number;
  serial: string;
  merchantId: number;
  groupId: number | null;
  deviceClass: DeviceClass;
  model: string;
  name: string;
}

export interface DeviceRegistry {
  bySerial(serial: string): Promise<DeviceRef | undefined>;
  byId(id: number): Promise<DeviceRef | undefined>;
  /** Forget one device (after any change to it), or everything. */
  invalidate(serial?: string): void;
}

export interface RegistryOptions {
  /**
   * How long an entry may be trusted. This process invalidates on its own writes at once; the limit
   * bounds how stale it can be when another server process changed the device (scale-out).
   */
  ttlMs?: number;
  now?: () => number;
}

type Row = { id: number; serial: string; merchant_id: number; group_id: number | null } & {
  device_class: string;
  model: string;
  name: string;
};

const toRef = (r: Row): DeviceRef => ({
  deviceId: r.id,
  serial: r.serial,
  merchantId: r.merchant_id,
  groupId: r.group_id,
  deviceClass: r.device_class as DeviceClass,
  model: r.model,
  name: r.name,
});

interface Entry {
  ref: DeviceRef | undefined;
  at: number;
}

/**
 * Device identities cached in memory by serial and by id. Unknown serials are cached too (as
 * misses), so a flood from an unregistered device costs one query per TTL, not one per message.
 * Concurrent lookups of the same key share one query.
 */
export function createDeviceRegistry(db: Db, options: RegistryOptions = {}): DeviceRegistry {
  const ttl = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const serials = new Map<string, Entry>();
  const ids = new Map<number, Entry>();
  const pending = new Map<string, Promise<DeviceRef | undefined>>();
  // Bumped by invalidate: a lookup that started before it must not store what it read.
  let epoch = 0;

  const fresh = (e: Entry | undefined) => e !== undefined && now() - e.at < ttl;

  const store = (ref: DeviceRef | undefined, key: { serial?: string; id?: number }) => {
    const entry = { ref, at: now() };
    if (ref) {
      serials.set(ref.serial, entry);
      ids.set(ref.deviceId, entry);
    } else {
      if (key.serial !== undefined) serials.set(key.serial, entry);
      if (key.id !== undefined) ids.set(key.id, entry);
    }
  };

  const load = (
    pendingKey: string,
    query: () => Promise<Row | undefined>,
    key: { serial?: string; id?: number },
  ): Promise<DeviceRef | undefined> => {
    const running = pending.get(pendingKey);
    if (running) return running;
    const started = epoch;
    const p = query()
      .then((row) => {
        const ref = row ? toRef(row) : undefined;
        if (started === epoch) store(ref, key);
        return ref;
      })
      .finally(() => pending.delete(pendingKey));
    pending.set(pendingKey, p);
    return p;
  };

  return {
    async bySerial(serial) {
      const hit = serials.get(serial);
      if (fresh(hit)) return hit?.ref;
      return load(`s:${serial}`, () => repo.deviceIdentity(db, { serial }), { serial });
    },
    async byId(id) {
      const hit = ids.get(id);
      if (fresh(hit)) return hit?.ref;
      return load(`i:${id}`, () => repo.deviceIdentity(db, { id }), { id });
    },
    invalidate(serial) {
      epoch++;
      pending.clear();
      if (serial === undefined) {
        serials.clear();
        ids.clear();
        return;
      }
      const entry = serials.get(serial);
      serials.delete(serial);
      if (entry?.ref) ids.delete(entry.ref.deviceId);
      // The id may be cached under an older serial (alterDevice renamed it): drop any entry naming it.
      for (const [id, e] of ids) if (e.ref?.serial === serial) ids.delete(id);
    },
  };
}
