import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { ImageDetectionsTable, PestCategoriesTable } from '../../db/pestsSchema';
import { merchantWide, type Scope, scoped } from '../../db/scope';
import { ruleDevices } from '../alarms/repo';

/** Repository of pests and spores: tenant queries go through scoped() (park data) or merchantWide() (the categories). */

/** The merchant's categories: a catalogue every park of the merchant shares. */
const categories = (db: Db, merchantId: number) => merchantWide(db, merchantId).selectFrom('pest_categories');

export function listCategories(db: Db, merchantId: number, kind: string, keyword?: string) {
  let q = categories(db, merchantId).selectAll().where('kind', '=', kind);
  if (keyword)
    q = q.where((eb) => eb.or([eb('name', 'like', `%${keyword}%`), eb('latin_name', 'like', `%${keyword}%`)]));
  return q.orderBy('id').execute();
}

export const findCategory = (db: Db, merchantId: number, categoryId: number) =>
  categories(db, merchantId).selectAll().where('id', '=', categoryId).executeTakeFirst();

export async function insertCategory(db: Db, row: Insertable<PestCategoriesTable>): Promise<number> {
  const r = await merchantWide(db, row.merchant_id)
    .insertInto('pest_categories')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateCategory(db: Db, merchantId: number, id: number, set: Updateable<PestCategoriesTable>) {
  await merchantWide(db, merchantId).updateTable('pest_categories').set(set).where('id', '=', id).execute();
}

/** Categories among `ids` that detections still use (a removal would silently change counts). */
export async function categoriesInUse(db: Db, merchantId: number, ids: number[]) {
  return merchantWide(db, merchantId)
    .selectFrom('image_detections as d')
    .innerJoin('pest_categories as c', 'c.id', 'd.category_id')
    .select(['c.id', 'c.name'])
    .where('c.id', 'in', ids)
    .groupBy(['c.id', 'c.name'])
    .execute();
}

export async function deleteCategories(db: Db, merchantId: number, ids: number[]) {
  await merchantWide(db, merchantId).deleteFrom('pest_categories').where('id', 'in', ids).execute();
}

export async function markSeeded(db: Db, merchantId: number, at: number): Promise<boolean> {
  const r = await merchantWide(db, merchantId)
    .insertInto('pest_seeded')
    .values({ merchant_id: merchantId, seeded_at: at })
    .onConflict((oc) => oc.column('merchant_id').doNothing())
    .returning('merchant_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** A trap of a given class the caller may see. */
export function findTrap(db: Db, scope: Scope, deviceId: number, deviceClass: string) {
  return scoped(db, scope)
    .selectFrom('devices')
    .select(['id', 'serial', 'name', 'group_id', 'merchant_id', 'device_class', 'online'])
    .where('id', '=', deviceId)
    .where('device_class', '=', deviceClass)
    .executeTakeFirst();
}

const imageColumns = [
  'i.id',
  'i.device_id',
  'i.sha256',
  'i.mime',
  'i.taken_at',
  'i.corrected_at',
  'd.serial',
  'd.name as device_name',
  'd.device_class',
  'd.group_id',
] as const;

/** A photo the caller may see: its device is in one of the caller's parks. */
export function findImage(db: Db, scope: Scope, imageId: number) {
  return scoped(db, scope)
    .selectFrom('device_images as i')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .select(imageColumns)
    .where('i.id', '=', imageId)
    .executeTakeFirst();
}
export type ImageRow = NonNullable<Awaited<ReturnType<typeof findImage>>>;

export function imagesBetween(db: Db, deviceId: number, from: number, to: number) {
  return db
    .selectFrom('device_images as i')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .select(imageColumns)
    .where('i.device_id', '=', deviceId)
    .where('i.taken_at', '>=', from)
    .where('i.taken_at', '<', to)
    .orderBy('i.taken_at')
    .orderBy('i.id')
    .execute();
}

export function previousImage(db: Db, img: ImageRow) {
  return db
    .selectFrom('device_images as i')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .select(imageColumns)
    .where('i.device_id', '=', img.device_id)
    .where((eb) =>
      eb.or([
        eb('i.taken_at', '<', img.taken_at),
        eb.and([eb('i.taken_at', '=', img.taken_at), eb('i.id', '<', img.id)]),
      ]),
    )
    .orderBy('i.taken_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Latest photo of each device. */
export async function lastImages(db: Db, deviceIds: number[]) {
  if (deviceIds.length === 0) return [];
  const latest = db
    .selectFrom('device_images')
    .select(['device_id', (eb) => eb.fn.max('id').as('max_id')])
    .where('device_id', 'in', deviceIds)
    .groupBy('device_id')
    .as('m');
  return db
    .selectFrom('device_images as i')
    .innerJoin(latest, 'm.max_id', 'i.id')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .select(imageColumns)
    .execute();
}

export function detectionsOf(db: Db, imageIds: number[]) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('image_detections').selectAll().where('image_id', 'in', imageIds).orderBy('id').execute();
}

/** Counts per image and category. */
export function countsOf(db: Db, imageIds: number[]) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('image_detections')
    .select(['image_id', 'category_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('image_id', 'in', imageIds)
    .groupBy(['image_id', 'category_id'])
    .execute();
}

export async function insertDetections(db: Db, rows: Insertable<ImageDetectionsTable>[]) {
  // Chunks keep below SQLite's bound-variable limit.
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('image_detections')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function insertDetection(db: Db, row: Insertable<ImageDetectionsTable>): Promise<number> {
  const r = await db.insertInto('image_detections').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** A detection the caller may change: its photo's device is in one of the caller's parks. */
export function findDetection(db: Db, scope: Scope, detectionId: number) {
  return scoped(db, scope)
    .selectFrom('image_detections as x')
    .innerJoin('device_images as i', 'i.id', 'x.image_id')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .selectAll('x')
    .select(['d.device_class', 'd.merchant_id'])
    .where('x.id', '=', detectionId)
    .executeTakeFirst();
}

export async function updateDetection(db: Db, id: number, set: Updateable<ImageDetectionsTable>) {
  await db.updateTable('image_detections').set(set).where('id', '=', id).execute();
}

export async function deleteDetections(db: Db, ids: number[]) {
  await db.deleteFrom('image_detections').where('id', 'in', ids).execute();
}

export async function markCorrected(db: Db, imageIds: number[], at: number) {
  if (imageIds.length)
    await db.updateTable('device_images').set({ corrected_at: at }).where('id', 'in', imageIds).execute();
}

/** Traps of a class in one park the caller may see. */
export function parkTraps(db: Db, scope: Scope, groupId: number, deviceClass: string, deviceId?: number) {
  let q = scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'name', 'serial'])
    .where('device_class', '=', deviceClass);
  if (deviceId !== undefined) q = q.where('id', '=', deviceId);
  return q.orderBy('id').execute();
}

/** Detections per photo time and category of the given traps in a range (statistics and trends). */
export function catches(db: Db, deviceIds: number[], from: number, to: number) {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('image_detections as x')
    .innerJoin('device_images as i', 'i.id', 'x.image_id')
    .select(['i.taken_at', 'x.category_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('i.device_id', 'in', deviceIds)
    .where('i.taken_at', '>=', from)
    .where('i.taken_at', '<', to)
    .groupBy(['i.id', 'i.taken_at', 'x.category_id'])
    .execute();
}

export async function photoCount(db: Db, deviceIds: number[], from: number, to: number): Promise<number> {
  if (deviceIds.length === 0) return 0;
  const r = await db
    .selectFrom('device_images')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('device_id', 'in', deviceIds)
    .where('taken_at', '>=', from)
    .where('taken_at', '<', to)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The park's first weather station (temperature overlay of the trend). */
export function weatherStation(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'name'])
    .where('device_class', '=', 'weatherStation')
    .orderBy('id')
    .executeTakeFirst();
}

export function dailyTemperature(db: Db, deviceId: number, from: number, to: number) {
  return db
    .selectFrom('telemetry_daily')
    .select(['bucket', 'sum', 'count'])
    .where('device_id', '=', deviceId)
    .where('key', '=', 'airTemp')
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .execute();
}

/** The last confirmed setWorkPeriod of each trap, whichever of the merchant's parks it was sent in. */
export async function confirmedPeriods(db: Db, merchantId: number, deviceIds: number[]) {
  const out = new Map<number, string>();
  if (deviceIds.length === 0) return out;
  const rows = await merchantWide(db, merchantId)
    .selectFrom('commands')
    .select(['device_id', 'params'])
    .where('device_id', 'in', deviceIds)
    .where('name', '=', 'setWorkPeriod')
    .where('state', '=', 'succeeded')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const r of rows) if (!out.has(r.device_id)) out.set(r.device_id, r.params);
  return out;
}

/** A photo of this device (a device may report only on its own photos). */
export function deviceImage(db: Db, deviceId: number, imageId: number) {
  return db
    .selectFrom('device_images')
    .select(['id'])
    .where('id', '=', imageId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

/** The boxes a detector reported for a photo (the staff's corrections stay). */
export async function deleteModelDetections(db: Db, imageId: number) {
  await db.deleteFrom('image_detections').where('image_id', '=', imageId).where('source', '=', 'model').execute();
}

/** The traps an alarm rule watches in its park: its one device, or every device of its class, traps only. */
export const ruleTraps = (
  db: Db,
  scope: Scope,
  groupId: number,
  target: { deviceId: number | null; deviceClass: string | null },
) => ruleDevices(db, scope, groupId, target, ['insectTrap', 'sporeTrap']);

/**
 * Detections of one category per trap on the pictures taken in [from, to], both ends included (a trap count
 * alarm's window). Straight from the detections, so a staff correction counts at the next judgement.
 */
export function categoryCountsByTrap(db: Db, deviceIds: number[], categoryId: number, from: number, to: number) {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('image_detections as x')
    .innerJoin('device_images as i', 'i.id', 'x.image_id')
    .select(['i.device_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('i.device_id', 'in', deviceIds)
    .where('x.category_id', '=', categoryId)
    .where('i.taken_at', '>=', from)
    .where('i.taken_at', '<=', to)
    .groupBy('i.device_id')
    .execute();
}
