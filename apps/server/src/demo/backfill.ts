import { DEVICE_MODEL, type Reading } from '@farmpark/contracts';
import { generateHistory } from '@farmpark/simulator';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { zoneClock } from '../modules/telemetry/buckets';
import { createTelemetryStore } from '../modules/telemetry/runtime';
import type { RowBatch, TelemetryStore } from '../modules/telemetry/store';
import type { DemoDeviceEntry } from './devices';
import { DEMO_IRRIGATION_DAILY } from './irrigation';
import { writeDailyRollups } from './oldHistory';

const DAY_MS = 86_400_000;

export interface BackfillOptions {
  /** How far back history goes: over a year, so a year-over-year comparison has a last year. */
  days?: number;
  /** Readings are kept this far back; older days are written as daily rollups only (fast, and enough for days). */
  rawDays?: number;
  /** The recent part gets fine steps (day charts from raw data), the rest coarse ones. */
  recentDays?: number;
  recentStepMs?: number;
  olderStepMs?: number;
  now?: number;
  log?: { info(o: object, m: string): void };
}

export interface BackfillResult {
  devices: number;
  skipped: number;
  rows: number;
  ms: number;
}

/** Packs readings into the column batch the telemetry store writes in one transaction. */
function toRowBatch(deviceId: number, readings: Reading[], now: number): RowBatch {
  let n = 0;
  for (const r of readings) n += Object.keys(r.values).length;
  const batch: RowBatch = {
    n,
    deviceId: new Int32Array(n).fill(deviceId),
    keyIdx: new Uint16Array(n),
    ts: new Float64Array(n),
    value: new Float64Array(n),
    keys: [],
    // History is not a sign of life: last_seen_at stays what live messages made it.
    seenDeviceIds: [],
    now,
    refusals: [],
  };
  const index = new Map<string, number>();
  let i = 0;
  for (const r of readings) {
    for (const [k, v] of Object.entries(r.values)) {
      let ki = index.get(k);
      if (ki === undefined) {
        ki = batch.keys.length;
        batch.keys.push(k);
        index.set(k, ki);
      }
      batch.keyIdx[i] = ki;
      batch.ts[i] = r.ts;
      batch.value[i] = v;
      i++;
    }
  }
  return batch;
}

/**
 * The fill shares the database with the live server (its writer, the console's own transactions); on a
 * busy machine a write can wait past busy_timeout. Waiting and trying again is right for a background
 * fill: giving up would leave the demo without history until the next start.
 */
async function whenNotBusy<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const busy = /SQLITE_BUSY|database is locked/i.test(
        `${(err as { code?: string }).code} ${(err as Error).message}`,
      );
      if (!busy || attempt >= 6) throw err;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
}

/**
 * The demo's past: `days` of history for every demo device, from the simulator's own physics (the same
 * seed as the live device), through the telemetry store, so rollups and charts are as for live data.
 * A device that already has data older than most of the range is skipped: the first start fills, later
 * starts do nothing, and an interrupted fill resumes (stored readings are ignored as duplicates).
 */
export async function backfillDemoHistory(
  deps: { config: Config; db: Db; store?: TelemetryStore },
  entries: DemoDeviceEntry[],
  opts: BackfillOptions = {},
): Promise<BackfillResult> {
  const started = Date.now();
  const now = opts.now ?? started;
  const days = opts.days ?? 400;
  const rawDays = Math.min(days, opts.rawDays ?? 45);
  const recentDays = opts.recentDays ?? 2;
  const from = now - days * DAY_MS;
  const rawFrom = now - rawDays * DAY_MS;
  const clock = zoneClock(deps.config.tzName);
  const split = now - recentDays * DAY_MS;
  const recentStep = opts.recentStepMs ?? 2 * 60_000;
  const olderStep = opts.olderStepMs ?? 15 * 60_000;

  const store = deps.store ?? (await createTelemetryStore(deps.config, deps.db));
  const result: BackfillResult = { devices: 0, skipped: 0, rows: 0, ms: 0 };
  try {
    for (const e of entries) {
      // Cameras report nothing but their status: no history to make.
      if (DEVICE_MODEL[e.deviceClass].params.length === 0) {
        result.skipped++;
        continue;
      }
      const old = await deps.db
        .selectFrom('telemetry_daily')
        .select('bucket')
        .where('device_id', '=', e.deviceId)
        .where('bucket', '<', from + DAY_MS)
        .limit(1)
        .executeTakeFirst();
      if (old) {
        result.skipped++;
        continue;
      }
      const spec = {
        deviceClass: e.deviceClass,
        serial: e.serial,
        ...(e.model ? { model: e.model } : {}),
        ...(e.lat !== undefined ? { lat: e.lat } : {}),
        ...(e.lon !== undefined ? { lon: e.lon } : {}),
        // The demo machines' daily runs, which the seeded running records measure.
        ...(DEMO_IRRIGATION_DAILY[e.serial] ? { daily: DEMO_IRRIGATION_DAILY[e.serial] } : {}),
      };
      let pending: Reading[] = [];
      const flush = async () => {
        if (pending.length === 0) return;
        const batch = toRowBatch(e.deviceId, pending, Date.now());
        pending = [];
        if (batch.n === 0) return;
        await whenNotBusy(() => store.write(batch));
        result.rows += batch.n;
      };
      // The distant past: hourly samples folded into days, no readings stored.
      if (rawFrom > from) {
        const past: Reading[] = [];
        for (const readings of generateHistory(spec, from, rawFrom - 1, 3_600_000)) past.push(...readings);
        const rollups = toRowBatch(e.deviceId, past, Date.now());
        result.rows += await whenNotBusy(() => writeDailyRollups(deps.db, clock, rollups));
      }
      for (const [a, b, step] of [
        [rawFrom, split - 1, olderStep],
        [split, now, recentStep],
      ] as const) {
        for (const readings of generateHistory(spec, a, b, step)) {
          pending.push(...readings);
          if (pending.length >= 5000) await flush();
        }
      }
      await flush();
      result.devices++;
      opts.log?.info({ serial: e.serial, rows: result.rows }, 'demo history written');
    }
  } finally {
    if (!deps.store) await store.close();
  }
  result.ms = Date.now() - started;
  return result;
}
