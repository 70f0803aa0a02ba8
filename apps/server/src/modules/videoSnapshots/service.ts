import {
  type AlarmSnapshotItem,
  type CameraPictureItem,
  dayIn,
  SNAPSHOT_LIST_MAX,
  SNAPSHOT_PATHS,
  type SnapshotDay,
  type SnapshotItem,
  type SnapshotSource,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { Scope } from '../../db/scope';
import { notFound } from '../../http/apiError';
import { checkPicture } from '../../http/pictures';
import { createImageStore } from '../devices/imageStore';
import { zoneOfPark } from '../parks/repo';
import type { CameraSource, SnapshotCamera } from './cameras';
import * as repo from './repo';

export interface SnapshotDeps {
  db: Db;
  dataDir: string;
  tzName: string;
  cameras: CameraSource;
}

export const snapshotItem = (r: repo.SnapshotRow): SnapshotItem => ({
  id: r.id,
  cameraId: r.camera_id,
  takenAt: Number(r.taken_at),
  source: r.source as SnapshotSource,
  width: r.width,
  height: r.height,
  url: `${SNAPSHOT_PATHS.file}?id=${r.id}`,
});

/**
 * Camera pictures: taken from the camera, decoded before they are kept (a camera that answers an
 * error page must not leave a broken picture in the diary), stored in the shared content-addressed
 * image store, read back only within the caller's parks.
 */
export function createSnapshots(deps: SnapshotDeps) {
  const { db, cameras } = deps;
  const images = createImageStore(deps.dataDir);

  async function keep(cam: SnapshotCamera, source: SnapshotSource, at: number, alarmId: number | null = null) {
    const buf = await cameras.capture(cam.id);
    const pic = await checkPicture(buf);
    const stored = await images.put(buf, { db, merchantId: cam.merchantId });
    const id = await repo.insertSnapshot(db, {
      merchant_id: cam.merchantId,
      group_id: cam.groupId,
      camera_id: cam.id,
      taken_at: at,
      source,
      alarm_id: alarmId,
      sha256: stored.sha256,
      mime: stored.mime,
      bytes: stored.bytes,
      width: pic.width,
      height: pic.height,
    });
    return { id, takenAt: at };
  }

  async function cameraOf(scope: Scope, cameraId: number): Promise<SnapshotCamera> {
    const cam = await cameras.inScope(scope, cameraId);
    if (!cam) throw notFound(`cameraId ${cameraId}: camera`);
    return cam;
  }

  return {
    keep,
    cameraOf,
    async take(scope: Scope, cameraId: number): Promise<SnapshotItem> {
      const cam = await cameraOf(scope, cameraId);
      const { id } = await keep(cam, 'manual', Date.now());
      return snapshotItem((await repo.snapshotOf(db, scope, id))!);
    },
    async list(scope: Scope, q: { cameraId: number; start: number; end: number }): Promise<SnapshotItem[]> {
      await cameraOf(scope, q.cameraId);
      const rows = await repo.snapshotsInRange(db, scope, q.cameraId, q.start, q.end, SNAPSHOT_LIST_MAX);
      return rows.map(snapshotItem);
    },
    async days(scope: Scope, q: { cameraId: number; tz?: string | null }): Promise<SnapshotDay[]> {
      const cam = await cameraOf(scope, q.cameraId);
      const tz = q.tz ?? (await zoneOfPark(db, cam.groupId, deps.tzName));
      const counts = new Map<string, number>();
      for (const t of await repo.snapshotTimes(db, scope, q.cameraId)) {
        const day = dayIn(tz, t);
        counts.set(day, (counts.get(day) ?? 0) + 1);
      }
      return [...counts].map(([day, count]) => ({ day, count }));
    },
    /** A picture of the caller's parks; `alarmOnly` limits it to pictures an alarm kept. */
    async picture(scope: Scope, id: number, alarmOnly = false): Promise<repo.SnapshotRow> {
      const s = await repo.snapshotOf(db, scope, id);
      if (!s || (alarmOnly && s.alarm_id === null)) throw notFound(`id ${id}: snapshot`);
      return s;
    },
    /**
     * Each enabled camera of a park the caller sees with its newest picture, whatever took it: what a
     * data screen shows in its camera tiles (the picture read from the watching permission's file route).
     */
    async newestOfPark(scope: Scope, groupId: number): Promise<CameraPictureItem[]> {
      const out: CameraPictureItem[] = [];
      for (const cam of await cameras.ofPark(scope.merchantId, groupId)) {
        const r = await repo.newestSnapshot(db, scope, cam.id);
        out.push({
          cameraId: cam.id,
          everyMinutes: cam.snapshotMinutes,
          picture: r ? { ...snapshotItem(r), url: `${SNAPSHOT_PATHS.latestFile}?id=${r.id}` } : null,
        });
      }
      return out;
    },
    async ofAlarm(scope: Scope, alarmId: number): Promise<AlarmSnapshotItem[]> {
      const rows = await repo.snapshotsOfAlarm(db, scope, alarmId);
      const out: AlarmSnapshotItem[] = [];
      for (const r of rows) {
        const cam = await cameras.inScope(scope, r.camera_id);
        out.push({ ...snapshotItem(r), url: `${SNAPSHOT_PATHS.alarmFile}?id=${r.id}`, cameraName: cam?.name ?? '' });
      }
      return out;
    },
  };
}

export type Snapshots = ReturnType<typeof createSnapshots>;
