import {
  type AddDetectionBody,
  type AlterDetectionBody,
  Code,
  classAllowed,
  type Detection,
  type DeviceClass,
  type DeviceDetectionsBody,
  PEST_KIND_CLASS,
  type PestKind,
  type TrapImage,
  type TrapImageDetail,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { zoneClock } from '../telemetry/buckets';
import { ensureDefaults } from './categories';
import * as repo from './repo';

const KIND_OF_CLASS: Record<string, PestKind> = { insectTrap: 'insect', sporeTrap: 'spore' };

/** A trap photo the caller may see; other photos (other merchant, park, class or a camera) are "not found". */
export async function visibleImage(db: Db, auth: AuthContext, imageId: number): Promise<repo.ImageRow> {
  const img = await repo.findImage(db, scopeOf(auth), imageId);
  if (!img || !classAllowed(auth.grants, img.device_class as DeviceClass)) throw notFound(`imageId ${imageId}: image`);
  return img;
}

async function withCounts(db: Db, rows: repo.ImageRow[]): Promise<TrapImage[]> {
  const counts = await repo.countsOf(
    db,
    rows.map((r) => r.id),
  );
  const by = new Map<number, Record<string, number>>();
  for (const c of counts) {
    const m = by.get(c.image_id) ?? {};
    m[String(c.category_id)] = Number(c.n);
    by.set(c.image_id, m);
  }
  return rows.map((r) => {
    const m = by.get(r.id) ?? {};
    return {
      imageId: r.id,
      deviceId: r.device_id,
      serial: r.serial,
      deviceName: r.device_name,
      takenAt: r.taken_at,
      counts: m,
      total: Object.values(m).reduce((a, b) => a + b, 0),
      corrected: r.corrected_at !== null,
    };
  });
}

export const toImages = withCounts;

function toDetection(r: Awaited<ReturnType<typeof repo.detectionsOf>>[number]): Detection {
  return {
    detectionId: r.id,
    imageId: r.image_id,
    categoryId: r.category_id,
    x: r.x,
    y: r.y,
    w: r.w,
    h: r.h,
    confidence: r.confidence,
    source: r.source as Detection['source'],
    createdBy: r.created_by,
    updatedAt: r.updated_at,
  };
}

/** Photos of a trap on one local day, oldest first. */
export async function imageList(db: Db, auth: AuthContext, deviceId: number, date: string, tzName: string) {
  const trap =
    (await repo.findTrap(db, scopeOf(auth), deviceId, 'insectTrap')) ??
    (await repo.findTrap(db, scopeOf(auth), deviceId, 'sporeTrap'));
  if (!trap || !classAllowed(auth.grants, trap.device_class as DeviceClass))
    throw notFound(`deviceId ${deviceId}: trap`);
  const [y, m, d] = date.split('-').map(Number);
  const noonUtc = Date.UTC(y, m - 1, d, 12);
  if (Number.isNaN(noonUtc) || new Date(noonUtc).getUTCDate() !== d)
    throw new ApiError(Code.VALIDATION, `date: ${date} is not a calendar day`);
  const clock = zoneClock(tzName);
  const from = clock.dayBucket(noonUtc);
  const to = clock.dayBucket(from + 36 * 3_600_000);
  return withCounts(db, await repo.imagesBetween(db, trap.id, from, to));
}

export async function imageDetail(db: Db, auth: AuthContext, imageId: number): Promise<TrapImageDetail> {
  const img = await visibleImage(db, auth, imageId);
  const prev = await repo.previousImage(db, img);
  const rows = prev ? [img, prev] : [img];
  const [image, previous] = await withCounts(db, rows);
  const detections = (
    await repo.detectionsOf(
      db,
      rows.map((r) => r.id),
    )
  ).map(toDetection);
  return {
    image,
    detections: detections.filter((d) => d.imageId === img.id),
    previous: previous ? { ...previous, detections: detections.filter((d) => d.imageId === previous.imageId) } : null,
  };
}

/** The category must be the merchant's and of the kind the photo's trap catches. */
async function categoryFor(db: Db, auth: AuthContext, categoryId: number, deviceClass: string) {
  const cat = await repo.findCategory(db, auth.merchantId, categoryId);
  const kind = KIND_OF_CLASS[deviceClass];
  if (!cat) throw notFound(`categoryId ${categoryId}: category`);
  if (cat.kind !== kind)
    throw new ApiError(
      Code.VALIDATION,
      `categoryId: ${cat.name} is a ${cat.kind} category, this photo is of a ${kind} trap`,
    );
  return cat;
}

export async function addDetection(db: Db, auth: AuthContext, b: AddDetectionBody): Promise<TrapImageDetail> {
  const img = await visibleImage(db, auth, b.imageId);
  await categoryFor(db, auth, b.categoryId, img.device_class);
  const at = Date.now();
  await db.transaction().execute(async (tx) => {
    await repo.insertDetection(tx, {
      image_id: img.id,
      category_id: b.categoryId,
      x: b.x,
      y: b.y,
      w: b.w,
      h: b.h,
      confidence: null,
      source: 'staff',
      created_by: auth.loginName,
      corrected: 1,
      updated_at: at,
    });
    await repo.markCorrected(tx, [img.id], at);
  });
  return imageDetail(db, auth, img.id);
}

export async function alterDetection(db: Db, auth: AuthContext, b: AlterDetectionBody): Promise<TrapImageDetail> {
  const det = await repo.findDetection(db, scopeOf(auth), b.detectionId);
  if (!det || !classAllowed(auth.grants, det.device_class as DeviceClass))
    throw notFound(`detectionId ${b.detectionId}: detection`);
  if (b.categoryId !== undefined) await categoryFor(db, auth, b.categoryId, det.device_class);
  const box = b.x !== undefined ? { x: b.x, y: b.y ?? 0, w: b.w ?? 0, h: b.h ?? 0 } : null;
  if (box) {
    if (box.w <= 0) throw new ApiError(Code.VALIDATION, 'w: must be more than 0');
    if (box.h <= 0) throw new ApiError(Code.VALIDATION, 'h: must be more than 0');
    if (box.x + box.w > 1.0001) throw new ApiError(Code.VALIDATION, 'w: x + w must not pass the right edge');
    if (box.y + box.h > 1.0001) throw new ApiError(Code.VALIDATION, 'h: y + h must not pass the bottom edge');
  }
  const at = Date.now();
  await db.transaction().execute(async (tx) => {
    await repo.updateDetection(tx, det.id, {
      ...(b.categoryId !== undefined && { category_id: b.categoryId }),
      ...(box ?? {}),
      corrected: 1,
      updated_at: at,
    });
    await repo.markCorrected(tx, [det.image_id], at);
  });
  return imageDetail(db, auth, det.image_id);
}

export async function removeDetections(db: Db, auth: AuthContext, ids: number[]): Promise<{ removed: number }> {
  const rows = await Promise.all(ids.map((id) => repo.findDetection(db, scopeOf(auth), id)));
  const missing = ids.filter((_, i) => !rows[i] || !classAllowed(auth.grants, rows[i]?.device_class as DeviceClass));
  if (missing.length) throw notFound(`detectionId ${missing.join(', ')}: detection`);
  const at = Date.now();
  await db.transaction().execute(async (tx) => {
    await repo.deleteDetections(tx, ids);
    await repo.markCorrected(tx, [...new Set(rows.map((r) => r?.image_id as number))], at);
  });
  return { removed: ids.length };
}

/**
 * The trap's detector reports the boxes of one of its own photos. Codes name the merchant's categories;
 * an unknown code refuses the whole report (nothing stored) so a miscounted photo never half-lands.
 * A repeated report for the same photo replaces the model's boxes and keeps the staff's.
 */
export async function reportDetections(
  db: Db,
  device: { deviceId: number; merchantId: number; deviceClass: string },
  b: DeviceDetectionsBody,
): Promise<{ stored: number }> {
  const kind = KIND_OF_CLASS[device.deviceClass];
  if (!kind) throw new ApiError(Code.VALIDATION, `${device.deviceClass} devices do not report detections`);
  const img = await repo.deviceImage(db, device.deviceId, b.imageId);
  if (!img) throw notFound(`imageId ${b.imageId}: image of this device`);
  await ensureDefaults(db, device.merchantId);
  const byCode = new Map((await repo.listCategories(db, device.merchantId, kind)).map((c) => [c.code, c.id]));
  const unknown = [...new Set(b.detections.map((d) => d.code).filter((c) => !byCode.has(c)))];
  if (unknown.length)
    throw new ApiError(Code.VALIDATION, `detections.code: unknown ${kind} category ${unknown.join(', ')}`);
  const at = Date.now();
  await db.transaction().execute(async (tx) => {
    await repo.deleteModelDetections(tx, img.id);
    await repo.insertDetections(
      tx,
      b.detections.map((d) => ({
        image_id: img.id,
        category_id: byCode.get(d.code) as number,
        x: d.x,
        y: d.y,
        w: d.w,
        h: d.h,
        confidence: d.confidence,
        source: 'model',
        created_by: '',
        corrected: 0,
        updated_at: at,
      })),
    );
  });
  return { stored: b.detections.length };
}

/** Pages of a kind need that kind's menu permission (and, for some, a sub-page's). */
export function assertKind(auth: AuthContext, kind: PestKind, subPage?: string): void {
  const cls = PEST_KIND_CLASS[kind];
  if (!classAllowed(auth.grants, cls) || (subPage && !auth.grants.has(subPage)))
    throw new ApiError(Code.PERMISSION_DENIED, `You may not see ${kind === 'insect' ? 'pest' : 'spore'} monitoring`);
}
