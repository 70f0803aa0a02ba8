import { z } from 'zod';
import { id, pageQuery } from '../envelope';
import { ruleIssue } from '../errorDetail';
import { dayField, optText, text } from '../production/coreValues';
import { quantityField } from '../production/stockFields';
import { FARM_WORK_TYPES } from '../production/stockWork';
import { enumField, intField, listOf, nullable, numberField, optional, withDefault } from '../requestValues';

/**
 * One tree one code (issue 14, /tracingCenter/rootsTreeCode): a tree of a park with its own unguessable code,
 * what it is, where it stands (a plot, and a point on the park map), photos and care records (production's
 * farm work, linked to the tree). The public /TC page reads `PublicTree` only.
 */
const keyword = optional(text(100));
const thisYear = () => new Date().getUTCFullYear();
const treeFields = z.object({
  groupId: id,
  areaPointId: id,
  species: text(50, 1),
  variety: optText(50),
  plantedYear: nullable(intField((n) => n.min(1800).max(2200))),
  longitude: nullable(numberField((n) => n.min(-180).max(180))),
  latitude: nullable(numberField((n) => n.min(-90).max(90))),
  /** Kept in the console only; the public page never shows it. */
  remark: optText(500),
});
const notFuture = (v: { plantedYear: number | null }, ctx: z.core.$RefinementCtx) => {
  if (v.plantedYear !== null && v.plantedYear > thisYear()) ctx.addIssue(ruleIssue(['plantedYear'], 'notFuture'));
};
export const addTreeBody = treeFields.superRefine(notFuture);
export type AddTreeBody = z.infer<typeof addTreeBody>;
export const alterTreeBody = treeFields.extend({ id }).superRefine(notFuture);
export type AlterTreeBody = z.infer<typeof alterTreeBody>;
export const treeListQuery = z.object({
  keyword,
  groupId: optional(id),
  areaPointId: optional(id),
  ...pageQuery.shape,
});
export type TreeListQuery = z.infer<typeof treeListQuery>;
export const treeIdQuery = z.object({ treeId: id });
export const treePhotoParams = z.object({ treeId: id });
export const treePhotoIdParams = z.object({ photoId: id });
export const removeTreePhotoBody = z.object({ id });
/** Tag sheet of the chosen trees (or every tree of the filter when none is chosen). */
/** A4 sticker sheets, or one tag a page for 50x30 mm and 40x60 mm label printers. */
export const TAG_SIZES = ['A4', '50x30', '40x60'] as const;
export const treeTagsQuery = z.object({
  ids: optional(listOf(id, (a) => a.max(1000))),
  groupId: optional(id),
  size: withDefault(enumField(TAG_SIZES), 'A4'),
});
export type TreeTagsQuery = z.infer<typeof treeTagsQuery>;

export interface TreePhoto {
  id: number;
  url: string;
}
export interface Tree {
  id: number;
  code: string;
  groupId: number;
  groupName: string;
  areaPointId: number;
  plotName: string;
  species: string;
  variety: string;
  plantedYear: number | null;
  longitude: number | null;
  latitude: number | null;
  remark: string;
  photoCount: number;
  careCount: number;
  scanCount: number;
  firstScanAt: number | null;
  lastScanAt: number | null;
  /** The public page address a tag's QR carries. */
  publicUrl: string;
  createdAt: number;
}
export interface TreeDetail extends Tree {
  photos: TreePhoto[];
}

/** A care record: production's farm work done on this tree, recorded from the tree page. */
export const addTreeCareBody = z.object({
  treeId: id,
  type: enumField(FARM_WORK_TYPES),
  doneOn: dayField(),
  notes: optText(1000),
  materials: withDefault(
    listOf(z.object({ materialId: id, quantity: quantityField() }), (a) => a.max(30)),
    [],
  ),
});
export type AddTreeCareBody = z.infer<typeof addTreeCareBody>;
export const removeTreeCareBody = z.object({ treeId: id, farmWorkId: id });
export interface TreeCare {
  farmWorkId: number;
  type: string;
  status: string;
  day: string;
  notes: string;
  materials: { name: string; quantity: number; unit: string }[];
}

/** What `GET /api/public/trace/tree?code=` answers; `tree` only when the status is 'ok'. */
export const publicTreeQuery = z.object({
  code: text(64, 1),
  /** A random id the page keeps for one visit, so reloading it does not count as another scan. */
  visit: optional(text(64)),
});
export type PublicTreeStatus = 'ok' | 'unknown';
export interface PublicTree {
  code: string;
  species: string;
  variety: string;
  plantedYear: number | null;
  /** The park's name and address, and the plot's name. */
  farm: { name: string; region: string };
  plot: string;
  photos: string[];
  /** Done care, newest first, without notes or people. */
  care: { day: string; type: string; materials: { name: string; quantity: number; unit: string }[] }[];
}
export interface PublicTreeAnswer {
  status: PublicTreeStatus;
  scanCount: number;
  firstScanAt: number | null;
  /** The park's IANA zone: the page shows times in it. */
  timeZone: string;
  /** True when a signed-in member of the producer's staff read it: not counted as a scan. */
  staff?: boolean;
  tree: PublicTree | null;
}
