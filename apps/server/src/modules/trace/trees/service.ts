import type { AddTreeBody, AlterTreeBody, Paged, Tree, TreeDetail, TreeListQuery } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { isUniqueViolation } from '../../../db/scope';
import { notFound } from '../../../http/apiError';
import { requirePark, requireParkIfGiven, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { newTraceCodes } from '../codes/generator';
import * as repo from './repo';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findTree>>>;

/** The address a tag's QR carries: the public page of the tree on the public host (or the console's own). */
export const treePageUrl = (base: string, code: string) => `${base}/TC?code=${encodeURIComponent(code)}`;

export const treePhotoUrl = (photoId: number, sha256: string) =>
  `/api/merchant/trace/tree/photo/${photoId}?v=${sha256.slice(0, 12)}`;

export function toTree(r: Row, base: string): Tree {
  return {
    id: r.id,
    code: r.code,
    groupId: r.group_id,
    groupName: r.group_name,
    areaPointId: r.area_point_id,
    plotName: r.plot_name ?? '',
    species: r.species,
    variety: r.variety,
    plantedYear: r.planted_year,
    longitude: r.longitude,
    latitude: r.latitude,
    remark: r.remark,
    photoCount: Number(r.photo_count ?? 0),
    careCount: Number(r.care_count ?? 0),
    scanCount: r.scan_count,
    firstScanAt: r.first_scan_at === null ? null : Number(r.first_scan_at),
    lastScanAt: r.last_scan_at === null ? null : Number(r.last_scan_at),
    publicUrl: treePageUrl(base, r.code),
    createdAt: Number(r.created_at),
  };
}

export async function listTrees(db: Db, auth: AuthContext, q: TreeListQuery, base: string): Promise<Paged<Tree>> {
  requireParkIfGiven(auth, q.groupId);
  const { rows, total } = await repo.listTrees(db, scopeOf(auth), q);
  return { list: rows.map((r) => toTree(r, base)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function treeRow(db: Db, auth: AuthContext, id: number, field = 'id') {
  const row = await repo.findTree(db, scopeOf(auth), id);
  if (!row) throw notFound(`${field} ${id}: tree`);
  return row;
}

export async function treeDetail(db: Db, auth: AuthContext, id: number, base: string): Promise<TreeDetail> {
  const row = await treeRow(db, auth, id);
  const photos = await repo.photosOf(db, auth.merchantId, id);
  return { ...toTree(row, base), photos: photos.map((p) => ({ id: p.id, url: treePhotoUrl(p.id, p.sha256) })) };
}

async function fields(db: Db, auth: AuthContext, b: AddTreeBody): Promise<repo.TreeFields> {
  requirePark(auth, b.groupId);
  if (!(await repo.plotOf(db, scopeOf(auth), b.groupId, b.areaPointId)))
    throw notFound(`areaPointId ${b.areaPointId}: plot of park ${b.groupId}`);
  return {
    group_id: b.groupId,
    area_point_id: b.areaPointId,
    species: b.species,
    variety: b.variety,
    planted_year: b.plantedYear,
    longitude: b.longitude,
    latitude: b.latitude,
    remark: b.remark,
  };
}

export async function addTree(db: Db, auth: AuthContext, b: AddTreeBody) {
  const f = await fields(db, auth, b);
  // Codes of the same shape and generator as product codes (65 random bits); a clash takes another draw.
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await repo.insertTree(db, scopeOf(auth), newTraceCodes(1)[0], f);
      return { id };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

export async function alterTree(db: Db, auth: AuthContext, b: AlterTreeBody) {
  await treeRow(db, auth, b.id);
  await repo.updateTree(db, scopeOf(auth), b.id, await fields(db, auth, b));
  return { id: b.id };
}

export async function removeTrees(db: Db, auth: AuthContext, ids: number[]) {
  for (const id of ids) await treeRow(db, auth, id);
  await repo.deleteTrees(db, scopeOf(auth), ids);
  return null;
}
