import { EventEmitter } from 'node:events';
import { DEVICE_MODEL, type DeviceClass, type ParamDef, telemetryPayload, webChannel } from '@farmpark/contracts';
import type { DeviceMessage } from '../../mqtt/deviceMessages';
import type { Publish } from '../../mqtt/publish';
import type { DeviceRegistry } from '../devices/registry';
import { type Batcher, type BatchMessage, type CommittedBatch, createBatcher, type Reading } from './batcher';
import { fastTelemetryReadings } from './fastValidate';
import type { TelemetryStore } from './store';

/** Why a telemetry message was refused; counted per serial in `ingest_refused`. */
export type RefusalReason =
  | 'json'
  | 'schema'
  | 'unknownDevice'
  | 'wrongDevice'
  | 'unknownKey'
  | 'outOfRange'
  | 'badTime';

export class RefusedMessage extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail: string,
  ) {
    super(`telemetry refused (${reason}): ${detail}`);
  }
}

/** A reading more than this far in the future is a device with a wrong clock, not a measurement. */
export const MAX_FUTURE_MS = 60 * 60_000;
/** 2000-01-01: anything older is a device that lost its clock (epoch 0 and friends). */
export const MIN_TS = 946_684_800_000;

export interface CommittedReading {
  deviceId: number;
  ts: number;
  values: Record<string, number>;
}

/** Emitted after every commit with the devices heard from and the readings that were new. */
export interface CommittedEvent {
  deviceIds: number[];
  readings: CommittedReading[];
  /** When the batch's first message arrived: the devices were heard from since then. */
  since: number;
}

export interface IngestStats {
  messages: number;
  rows: number;
  inserted: number;
  duplicates: number;
  batches: number;
  refused: Partial<Record<RefusalReason, number>>;
  lastCommitMs: number;
  /** Sum over all batches, for the average commit time. */
  commitMsTotal: number;
  maxCommitMs: number;
}

const paramIndex = new Map<DeviceClass, Map<string, ParamDef>>(
  (Object.keys(DEVICE_MODEL) as DeviceClass[]).map((c) => [c, new Map(DEVICE_MODEL[c].params.map((p) => [p.key, p]))]),
);

export interface IngestDeps {
  store: TelemetryStore;
  registry: Pick<DeviceRegistry, 'bySerial'>;
  publish: Publish;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  maxRows?: number;
  maxDelayMs?: number;
}

/**
 * The readings of one message that were new. The common message (one reading, every row new) reuses its
 * validated values object: building a map and objects per message was the fan-out's main allocation.
 */
function committedReadings(c: CommittedBatch, m: BatchMessage): { list: CommittedReading[]; inserted: number } {
  const end = m.first + m.count;
  let inserted = 0;
  for (let i = m.first; i < end; i++) inserted += c.inserted[i];
  if (inserted === m.count && m.readings.length === 1) {
    return { list: [{ deviceId: m.ref.deviceId, ts: m.readings[0].ts, values: m.readings[0].values }], inserted };
  }
  const perTs = new Map<number, CommittedReading>();
  for (let i = m.first; i < end; i++) {
    if (!c.inserted[i]) continue;
    const ts = c.batch.ts[i];
    let r = perTs.get(ts);
    if (!r) {
      r = { deviceId: m.ref.deviceId, ts, values: {} };
      perTs.set(ts, r);
    }
    r.values[c.batch.keys[c.batch.keyIdx[i]]] = c.batch.value[i];
  }
  return { list: [...perTs.values()], inserted };
}

/**
 * The telemetry ingest: validates a message completely before any of it is queued (a message is stored
 * whole or not at all), hands the rows to the batcher and resolves once they are committed. After each
 * commit it fans the new readings out to the parks' consoles and emits `committed`.
 */
export function createIngest(deps: IngestDeps) {
  const events = new EventEmitter<{ committed: [CommittedEvent] }>();
  const stats: IngestStats = {
    messages: 0,
    rows: 0,
    inserted: 0,
    duplicates: 0,
    batches: 0,
    refused: {},
    lastCommitMs: 0,
    commitMsTotal: 0,
    maxCommitMs: 0,
  };

  const onCommitted = (c: CommittedBatch) => {
    stats.batches++;
    stats.lastCommitMs = c.commitMs;
    stats.commitMsTotal += c.commitMs;
    if (c.commitMs > stats.maxCommitMs) stats.maxCommitMs = c.commitMs;
    const byPark = new Map<string, { merchantId: number; groupId: number; readings: CommittedReading[] }>();
    const all: CommittedReading[] = [];
    let inserted = 0;
    for (const m of c.messages) {
      const readings = committedReadings(c, m);
      inserted += readings.inserted;
      if (readings.list.length === 0) continue;
      all.push(...readings.list);
      if (m.ref.groupId === null) continue;
      const park = `${m.ref.merchantId}/${m.ref.groupId}`;
      let p = byPark.get(park);
      if (!p) {
        p = { merchantId: m.ref.merchantId, groupId: m.ref.groupId, readings: [] };
        byPark.set(park, p);
      }
      p.readings.push(...readings.list);
    }
    stats.inserted += inserted;
    stats.duplicates += c.batch.n - inserted;
    for (const p of byPark.values()) {
      deps.publish(...webChannel(p.merchantId, p.groupId, 'telemetry', { readings: p.readings })).catch((err) => {
        deps.log?.warn({ err: (err as Error).message }, 'telemetry fan-out failed');
      });
    }
    events.emit('committed', { deviceIds: c.batch.seenDeviceIds, readings: all, since: c.since });
  };

  const batcher: Batcher = createBatcher({
    store: deps.store,
    maxRows: deps.maxRows,
    maxDelayMs: deps.maxDelayMs,
    onCommitted,
    onStoreError: (err, attempt) =>
      deps.log?.error(
        { err: err.message, attempt },
        'telemetry commit failed; retrying, publishes stay unacknowledged',
      ),
  });

  const refuse = (serial: string, deviceId: number | null, reason: RefusalReason, detail: string): never => {
    stats.refused[reason] = (stats.refused[reason] ?? 0) + 1;
    batcher.refuse(serial, deviceId, reason);
    throw new RefusedMessage(reason, `${serial}: ${detail}`);
  };

  async function handle(msg: DeviceMessage): Promise<void> {
    stats.messages++;
    let json: unknown;
    try {
      json = JSON.parse(msg.payload.toString('utf8'));
    } catch {
      return refuse(msg.serial, msg.deviceId ?? null, 'json', 'payload is not JSON');
    }
    const fast = fastTelemetryReadings(json);
    if (!fast) {
      const parsed = telemetryPayload.safeParse(json);
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      const where = issue
        ? `${issue.path.join('.') || 'payload'}: ${issue.message}`
        : 'payload does not match the schema';
      return refuse(msg.serial, msg.deviceId ?? null, 'schema', where);
    }
    const ref = await deps.registry.bySerial(msg.serial);
    if (!ref) return refuse(msg.serial, null, 'unknownDevice', 'no device has this serial');
    // The broker authenticated the sender as a device id; a serial now naming another device is stale.
    if (msg.deviceId !== undefined && msg.deviceId !== ref.deviceId) {
      return refuse(msg.serial, ref.deviceId, 'wrongDevice', 'serial belongs to another device now');
    }
    const params = paramIndex.get(ref.deviceClass);
    const readings: Reading[] = fast;
    let rows = 0;
    for (const r of readings) {
      if (r.ts > msg.receivedAt + MAX_FUTURE_MS || r.ts < MIN_TS) {
        return refuse(msg.serial, ref.deviceId, 'badTime', `ts ${r.ts} is not a plausible measurement time`);
      }
      for (const k in r.values) {
        const def = params?.get(k);
        if (!def)
          return refuse(msg.serial, ref.deviceId, 'unknownKey', `${k} is not a parameter of ${ref.deviceClass}`);
        const v = r.values[k];
        if (v < def.min || v > def.max) {
          return refuse(msg.serial, ref.deviceId, 'outOfRange', `${k}=${v} is outside ${def.min}..${def.max}`);
        }
        rows++;
      }
    }
    stats.rows += rows;
    if (rows === 0) return;
    await batcher.add(ref, readings);
  }

  return { handle, events, stats, drain: () => batcher.drain() };
}

export type Ingest = ReturnType<typeof createIngest>;
