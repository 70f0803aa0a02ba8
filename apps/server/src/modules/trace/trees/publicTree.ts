import { normalizeTraceCode, type PublicTreeAnswer } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { materialsByWork } from './care';
import * as careRepo from './careRepo';
import * as repo from './repo';

export const publicTreePhotoUrl = (code: string, photoId: number) =>
  `/api/public/trace/tree/photo/${encodeURIComponent(code)}/${photoId}`;

/**
 * Counts a scan once per visit: the page sends the same random visit id on every reload, and the
 * (tree, visit) key takes it once. Without a visit id every request is a scan.
 */
async function recordScan(db: Db, treeId: number, visit: string | undefined, ip: string, now: number) {
  const taken = await db
    .insertInto('trace_tree_scans')
    .values({ tree_id: treeId, visit: visit ?? `once:${now}:${Math.random()}`, ip: ip.slice(0, 64), at: now })
    .onConflict((oc) => oc.columns(['tree_id', 'visit']).doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .updateTable('trace_trees')
    .set((eb) => ({
      scan_count: eb('scan_count', '+', 1),
      first_scan_at: eb.fn.coalesce('first_scan_at', eb.val(now)),
      last_scan_at: now,
    }))
    .where('id', '=', treeId)
    .execute();
  return true;
}

/**
 * What a consumer sees of a tree: what it is, where it grows, its photos and its done care with the
 * materials used. Never the remark, the people who worked on it, notes, or map coordinates.
 */
export async function publicTree(
  db: Db,
  q: { code: string; visit?: string },
  ip: string,
  defaultZone: string,
): Promise<PublicTreeAnswer> {
  const code = normalizeTraceCode(q.code.trim());
  const tree = await db
    .selectFrom('trace_trees as t')
    .innerJoin('groups as g', 'g.id', 't.group_id')
    .leftJoin('area_points as a', (j) => j.onRef('a.id', '=', 't.area_point_id').onRef('a.group_id', '=', 't.group_id'))
    .select([
      't.id',
      't.merchant_id',
      't.code',
      't.species',
      't.variety',
      't.planted_year',
      'g.name as park',
      'g.address',
      'g.time_zone',
      'a.name as plot',
    ])
    .where('t.code', '=', code)
    .executeTakeFirst();
  if (!tree) return { status: 'unknown', scanCount: 0, firstScanAt: null, timeZone: defaultZone, tree: null };
  const now = Date.now();
  await recordScan(db, tree.id, q.visit, ip, now);
  const [counts, photos, works] = await Promise.all([
    db
      .selectFrom('trace_trees')
      .select(['scan_count', 'first_scan_at'])
      .where('id', '=', tree.id)
      .executeTakeFirstOrThrow(),
    repo.photosOf(db, tree.merchant_id, tree.id),
    careRepo.careOf(db, tree.merchant_id, tree.id, true),
  ]);
  const mats = await materialsByWork(
    db,
    tree.merchant_id,
    works.map((w) => w.id),
  );
  return {
    status: 'ok',
    scanCount: counts.scan_count,
    firstScanAt: counts.first_scan_at === null ? null : Number(counts.first_scan_at),
    timeZone: tree.time_zone ?? defaultZone,
    tree: {
      code: tree.code,
      species: tree.species,
      variety: tree.variety,
      plantedYear: tree.planted_year,
      farm: { name: tree.park, region: tree.address },
      plot: tree.plot ?? '',
      photos: photos.map((p) => publicTreePhotoUrl(tree.code, p.id)),
      care: works.map((w) => ({ day: w.done_on ?? w.planned_on, type: w.type, materials: mats.get(w.id) ?? [] })),
    },
  };
}

/** A photo of the tree with this code, for the public page (the code is the secret, as on the tag). */
export function publicPhoto(db: Db, code: string, photoId: number) {
  return db
    .selectFrom('trace_tree_photos as p')
    .innerJoin('trace_trees as t', 't.id', 'p.tree_id')
    .select(['p.sha256', 'p.mime'])
    .where('p.id', '=', photoId)
    .where('t.code', '=', normalizeTraceCode(code.trim()))
    .executeTakeFirst();
}
