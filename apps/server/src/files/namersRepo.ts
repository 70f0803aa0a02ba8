import type { StoredFileKind } from '@farmpark/contracts';
import type { Db } from '../db/connect';

/** A record that names a stored file: whose it is, its content and its type. */
export interface NamedFile {
  merchant_id: number;
  sha256: string;
  mime: string;
}

/** A label sheet is kept this long after its job last moved (a download may be repeated), then swept. */
export const LABEL_KEEP_MS = 6 * 3_600_000;

type Namer = (db: Db, now: number) => Promise<NamedFile[]>;

const mp4 = (rows: { merchant_id: number; sha256: string | null }[]): NamedFile[] =>
  rows.flatMap((r) => (r.sha256 ? [{ merchant_id: r.merchant_id, sha256: r.sha256, mime: 'video/mp4' }] : []));
const named = (rows: { merchant_id: number; sha256: string | null; mime: string | null }[]): NamedFile[] =>
  rows.flatMap((r) => (r.sha256 && r.mime ? [{ merchant_id: r.merchant_id, sha256: r.sha256, mime: r.mime }] : []));
const snapshotFiles = (db: Db, kind: 'report' | 'video') =>
  db
    .selectFrom('trace_snapshot_files as f')
    .innerJoin('trace_snapshots as s', 's.id', 'f.snapshot_id')
    .select(['s.merchant_id', 'f.sha256', 'f.mime'])
    .where('f.kind', '=', kind)
    .execute();

/**
 * Every record that names a file in the store, by kind. A file no record names is removed by the sweep
 * (files/sweep.ts) after a grace period, so a table that names files and is missing here would lose them:
 * a new one is added here, and `quota.test.ts` checks that every `sha256` column of the schema is read.
 * A published trace snapshot names the report and clip files it shows, so replacing a report or removing
 * a clip never takes a file a consumer's page still shows.
 */
export const NAMERS: Record<StoredFileKind, Namer[]> = {
  images: [
    async (db) =>
      named(
        await db
          .selectFrom('device_images as i')
          .innerJoin('devices as d', 'd.id', 'i.device_id')
          .select(['d.merchant_id', 'i.sha256', 'i.mime'])
          .execute(),
      ),
    async (db) =>
      named(
        await db
          .selectFrom('pest_categories')
          .select(['merchant_id', 'picture_sha256 as sha256', 'picture_mime as mime'])
          .execute(),
      ),
    async (db) =>
      named(
        await db
          .selectFrom('production_personnel')
          .select(['merchant_id', 'photo as sha256', 'photo_mime as mime'])
          .execute(),
      ),
    async (db) =>
      named(
        await db
          .selectFrom('production_crops')
          .select(['merchant_id', 'picture as sha256', 'picture_mime as mime'])
          .execute(),
      ),
    async (db) =>
      named(await db.selectFrom('production_farm_work_photos').select(['merchant_id', 'sha256', 'mime']).execute()),
    async (db) => named(await db.selectFrom('trace_tree_photos').select(['merchant_id', 'sha256', 'mime']).execute()),
    async (db) => named(await db.selectFrom('video_snapshots').select(['merchant_id', 'sha256', 'mime']).execute()),
  ],
  reports: [
    async (db) =>
      named(
        await db
          .selectFrom('trace_reports')
          .select(['merchant_id', 'file_sha256 as sha256', 'file_mime as mime'])
          .execute(),
      ),
    async (db) => named(await snapshotFiles(db, 'report')),
  ],
  videos: [
    async (db) => mp4(await db.selectFrom('production_videos').select(['merchant_id', 'sha256']).execute()),
    async (db) => mp4(await db.selectFrom('video_timelapses').select(['merchant_id', 'sha256']).execute()),
    async (db) => named(await snapshotFiles(db, 'video')),
  ],
  labels: [
    async (db, now) =>
      (
        await db
          .selectFrom('trace_label_jobs')
          .select(['merchant_id', 'file_sha256 as sha256'])
          .where('updated_at', '>', now - LABEL_KEEP_MS)
          .execute()
      ).flatMap((r) => (r.sha256 ? [{ merchant_id: r.merchant_id, sha256: r.sha256, mime: 'application/pdf' }] : [])),
  ],
};
