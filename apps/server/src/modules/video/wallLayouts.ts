import {
  Code,
  type SaveWallTourBody,
  type SaveWallViewBody,
  WALL_LAYOUTS_MAX,
  type WallLayouts,
  type WallSplit,
  type WallTile,
  type WallTour,
  type WallView,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, invalidRequest } from '../../http/apiError';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import * as repo from './repo';
import * as layouts from './wallLayoutsRepo';

/** A camera or view the caller cannot see is "not found", like one that does not exist, under its field. */
const notKnown = (field: string, value: number) =>
  new ApiError(Code.NOT_FOUND, undefined, { field, rule: 'unknownValue', params: { value } });
const gone = () =>
  new ApiError(Code.NOT_FOUND, { en: 'This view or tour no longer exists', zh: '该视图或轮巡已不存在' });

/**
 * The caller's own views and tours. A camera the caller can no longer see (removed, or its park taken
 * away) leaves its tile empty; a removed view leaves the tours it was in.
 */
export async function wallLayoutsOf(db: Db, auth: AuthContext): Promise<WallLayouts> {
  const rows = await layouts.layoutsOf(db, auth.merchantId, auth.userId);
  const visible = new Set((await repo.listCameras(db, scopeOf(auth), undefined)).map((c) => c.id));
  const views: WallView[] = rows
    .filter((r) => r.kind === 'view')
    .map((r) => {
      const v = JSON.parse(r.layout) as { split: WallSplit; tiles: WallTile[] };
      return { id: r.id, name: r.name, split: v.split, tiles: v.tiles.filter((t) => visible.has(t.cameraId)) };
    });
  const viewIds = new Set(views.map((v) => v.id));
  const tours: WallTour[] = rows
    .filter((r) => r.kind === 'tour')
    .map((r) => {
      const t = JSON.parse(r.layout) as { viewIds: number[]; viewSeconds: number };
      return { id: r.id, name: r.name, viewIds: t.viewIds.filter((id) => viewIds.has(id)), viewSeconds: t.viewSeconds };
    });
  return { views, tours };
}

export async function saveWallView(db: Db, auth: AuthContext, body: SaveWallViewBody): Promise<WallView> {
  const visible = new Set((await repo.listCameras(db, scopeOf(auth), undefined)).map((c) => c.id));
  const unknown = body.tiles.findIndex((t) => !visible.has(t.cameraId));
  if (unknown >= 0) throw notKnown(`tiles.${unknown}.cameraId`, body.tiles[unknown].cameraId);
  const tiles = [...body.tiles].sort((a, b) => a.tile - b.tile);
  const id = await save(db, auth, body.id, { kind: 'view', name: body.name, layout: { split: body.split, tiles } });
  return { id, name: body.name, split: body.split as WallSplit, tiles };
}

export async function saveWallTour(db: Db, auth: AuthContext, body: SaveWallTourBody): Promise<WallTour> {
  const own = new Set((await wallLayoutsOf(db, auth)).views.map((v) => v.id));
  const unknown = body.viewIds.findIndex((id) => !own.has(id));
  if (unknown >= 0) throw notKnown(`viewIds.${unknown}`, body.viewIds[unknown]);
  const layout = { viewIds: body.viewIds, viewSeconds: body.viewSeconds };
  const id = await save(db, auth, body.id, { kind: 'tour', name: body.name, layout });
  return { id, name: body.name, ...layout };
}

export async function removeWallLayout(db: Db, auth: AuthContext, id: number): Promise<void> {
  if (!(await layouts.deleteLayout(db, auth.merchantId, auth.userId, id))) throw gone();
}

async function save(
  db: Db,
  auth: AuthContext,
  id: number | undefined,
  row: { kind: 'view' | 'tour'; name: string; layout: object },
): Promise<number> {
  const stored = { kind: row.kind, name: row.name, layout: JSON.stringify(row.layout) };
  const mine = await layouts.layoutsOf(db, auth.merchantId, auth.userId);
  // a name picks one view (or tour) from the user's list: two of a kind may not share it
  if (mine.some((r) => r.kind === row.kind && r.name === row.name && r.id !== id))
    throw invalidRequest([{ field: 'name', rule: 'duplicate', params: { value: row.name } }]);
  if (id !== undefined) {
    if (!(await layouts.updateLayout(db, auth.merchantId, auth.userId, id, stored, Date.now()))) throw gone();
    return id;
  }
  if (mine.length >= WALL_LAYOUTS_MAX)
    throw new ApiError(Code.VALIDATION, {
      en: `At most ${WALL_LAYOUTS_MAX} views and tours can be kept: remove one first`,
      zh: `最多保存 ${WALL_LAYOUTS_MAX} 个视图和轮巡，请先删除一个`,
    });
  return layouts.insertLayout(db, auth.merchantId, auth.userId, stored, Date.now());
}
