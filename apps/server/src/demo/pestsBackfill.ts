import { expectedCatch, placeOf, renderTrapPhoto, trapDetections } from '@farmpark/simulator';
import type { Db } from '../db/connect';
import { createImageStore } from '../modules/devices/imageStore';
import { reportDetections } from '../modules/pests/images';
import type { DemoDeviceEntry } from './devices';

const DAY_MS = 86_400_000;
const KIND = { insectTrap: 'insect', sporeTrap: 'spore' } as const;
/** The trap's night (19:00-05:00 local) in minutes: the one backfilled photo holds all of it. */
const NIGHT_MINUTES = 10 * 60;
/** Backfilled photos are drawn small: the timeline shows thumbnails and hundreds are made at once. */
const BACKFILL_WIDTH = 480;
/** Photos rendered at the same time (sharp works on libuv's thread pool). */
const PARALLEL = 4;

export interface PestsBackfillResult {
  traps: number;
  skipped: number;
  photos: number;
  detections: number;
  ms: number;
}

function seedOf(serial: string, ts: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${serial}:${ts}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

/**
 * The demo traps' past: one photo per trap per morning (04:30 local, after the night's flight) for
 * `days` days, drawn and detected by the simulator's own trap model (season, weather, night), stored
 * as the upload API stores a photo and reported as the trap's detector reports it. A trap that already
 * has a photo older than most of the range is skipped, so only the first start fills.
 */
export async function backfillDemoPests(
  deps: { db: Db; dataDir: string },
  entries: DemoDeviceEntry[],
  opts: { days?: number; now?: number; log?: { info(o: object, m: string): void } } = {},
): Promise<PestsBackfillResult> {
  const started = Date.now();
  const now = opts.now ?? started;
  const days = opts.days ?? 90;
  const from = now - days * DAY_MS;
  const store = createImageStore(deps.dataDir);
  const result: PestsBackfillResult = { traps: 0, skipped: 0, photos: 0, detections: 0, ms: 0 };

  for (const e of entries) {
    if (e.deviceClass !== 'insectTrap' && e.deviceClass !== 'sporeTrap') continue;
    const kind = KIND[e.deviceClass];
    const old = await deps.db
      .selectFrom('device_images')
      .select('id')
      .where('device_id', '=', e.deviceId)
      .where('taken_at', '<', from + DAY_MS)
      .limit(1)
      .executeTakeFirst();
    if (old) {
      result.skipped++;
      continue;
    }
    const device = await deps.db
      .selectFrom('devices')
      .select(['merchant_id'])
      .where('id', '=', e.deviceId)
      .executeTakeFirstOrThrow();
    const place = placeOf(e.lat ?? 36.86, e.lon ?? 118.79);
    const offset = place.tzOffsetMin * 60_000;
    const today = Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
    const times: number[] = [];
    for (let d = days; d >= 0; d--) {
      const t = today - d * DAY_MS + (4 * 60 + 30) * 60_000;
      if (t >= from && t <= now) times.push(t);
    }
    for (let i = 0; i < times.length; i += PARALLEL) {
      const batch = await Promise.all(
        times.slice(i, i + PARALLEL).map(async (takenAt) => {
          const seed = seedOf(e.serial, takenAt);
          const detections = trapDetections(kind, expectedCatch(kind, takenAt, place, NIGHT_MINUTES), seed);
          const jpeg = await renderTrapPhoto(kind, detections, seed, BACKFILL_WIDTH);
          return {
            takenAt,
            detections,
            stored: await store.put(jpeg, { db: deps.db, merchantId: device.merchant_id }),
          };
        }),
      );
      for (const p of batch) {
        const row = await deps.db
          .insertInto('device_images')
          .values({
            device_id: e.deviceId,
            sha256: p.stored.sha256,
            mime: p.stored.mime,
            bytes: p.stored.bytes,
            taken_at: p.takenAt,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const r = await reportDetections(
          deps.db,
          { deviceId: e.deviceId, merchantId: device.merchant_id, deviceClass: e.deviceClass },
          { imageId: row.id, detections: p.detections },
        );
        result.photos++;
        result.detections += r.stored;
      }
    }
    result.traps++;
    opts.log?.info({ serial: e.serial, photos: times.length }, 'demo trap photos written');
  }
  result.ms = Date.now() - started;
  return result;
}
