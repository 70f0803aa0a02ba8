import { z } from 'zod';
import { id } from '../envelope';
import { refinement, ruleIssue } from '../errorDetail';
import { text } from '../production/coreValues';
import { idField, intField, listOf, optional } from '../requestValues';

/**
 * The video wall's saved views and tours, each user's own (issue 25, point 6). A view is a split and the
 * cameras on its tiles; a tour shows views one after another, each for `viewSeconds`. Kept on the server, so
 * they follow the user from one control-room PC to another.
 *
 *   GET  /api/merchant/video/wall/getWallLayouts     WallLayouts (the caller's own)
 *   POST /api/merchant/video/wall/saveWallView       SaveWallViewBody -> WallView (a new one without id)
 *   POST /api/merchant/video/wall/saveWallTour       SaveWallTourBody -> WallTour
 *   POST /api/merchant/video/wall/removeWallLayout   {id} -> null (a view in a tour leaves the tour)
 */

export const WALL_SPLITS = [1, 4, 9, 16] as const;
export type WallSplit = (typeof WALL_SPLITS)[number];
/** Views and tours a user may keep, together. */
export const WALL_LAYOUTS_MAX = 60;
export const VIEW_SECONDS = { min: 5, max: 600 } as const;

export interface WallTile {
  /** 0-based position on the wall, reading order. */
  tile: number;
  cameraId: number;
}
export interface WallView {
  id: number;
  name: string;
  split: WallSplit;
  tiles: WallTile[];
}
export interface WallTour {
  id: number;
  name: string;
  viewIds: number[];
  viewSeconds: number;
}
export interface WallLayouts {
  views: WallView[];
  tours: WallTour[];
}

const name = text(40, 1);
const tile = z.object({ tile: intField((n) => n.min(0).max(15)), cameraId: idField() });

export const saveWallViewBody = z
  .object({
    id: optional(id),
    name,
    split: intField((n) =>
      n.refine(
        (v) => (WALL_SPLITS as readonly number[]).includes(v),
        refinement('oneOf', { values: WALL_SPLITS.join('/') }),
      ),
    ),
    tiles: listOf(tile, (a) => a.max(16)),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    b.tiles.forEach((t, i) => {
      if (t.tile >= b.split) ctx.addIssue(ruleIssue(['tiles', i, 'tile'], 'max', { max: b.split - 1 }));
      if (seen.has(t.tile) || b.tiles.some((o, j) => j < i && o.cameraId === t.cameraId))
        ctx.addIssue(ruleIssue(['tiles', i], 'repeated'));
      seen.add(t.tile);
    });
  });
export type SaveWallViewBody = z.infer<typeof saveWallViewBody>;

export const saveWallTourBody = z.object({
  id: optional(id),
  name,
  viewIds: listOf(idField(), (a) => a.min(2).max(20)),
  viewSeconds: intField((n) => n.min(VIEW_SECONDS.min).max(VIEW_SECONDS.max)),
});
export type SaveWallTourBody = z.infer<typeof saveWallTourBody>;

export const wallLayoutIdBody = z.object({ id });
