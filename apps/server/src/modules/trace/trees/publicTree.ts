import { normalizeTraceCode, type PublicTreeAnswer } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { parkScope } from '../batches/repo';
import { materialsByWork } from './care';
import * as careRepo from './careRepo';
import * as publicRepo from './publicRepo';
import * as repo from './repo';

export const publicTreePhotoUrl = (code: string, photoId: number) =>
  `/api/public/trace/tree/photo/${encodeURIComponent(code)}/${photoId}`;

/**
 * What a consumer sees of a tree: what it is, where it grows, its photos and its done care with the
 * materials used. Never the remark, the people who worked on it, notes, or map coordinates. A scan counts
 * once per visit: the page sends the same random visit id on every reload; without one every request is a
 * scan.
 */
export async function publicTree(
  db: Db,
  q: { code: string; visit?: string },
  ip: string,
  defaultZone: string,
): Promise<PublicTreeAnswer> {
  const tree = await publicRepo.treeByCode(db, normalizeTraceCode(q.code.trim()));
  if (!tree) return { status: 'unknown', scanCount: 0, firstScanAt: null, timeZone: defaultZone, tree: null };
  const now = Date.now();
  const visit = q.visit ?? `once:${now}:${Math.random()}`;
  const counts = await publicRepo.countVisit(db, tree.id, visit, ip.slice(0, 64), now);
  // care is the tree's done farm work in its park
  const park = parkScope(tree.merchant_id, tree.group_id);
  const [photos, works] = await Promise.all([
    repo.photosOf(db, tree.merchant_id, tree.id),
    careRepo.careOf(db, park, tree.id, true),
  ]);
  const mats = await materialsByWork(db, park, works);
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

/** A photo of the tree with this code, for the public page. */
export const publicPhoto = (db: Db, code: string, photoId: number) =>
  publicRepo.photoByCode(db, normalizeTraceCode(code.trim()), photoId);
