import type { StoredFileKind } from '@farmpark/contracts';
import { type Kysely, sql } from 'kysely';
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
type Row = { merchant_id: number; sha256: string | null; mime: string | null };

const named = (rows: Row[]): NamedFile[] =>
  rows.flatMap((r) => (r.sha256 && r.mime ? [{ merchant_id: r.merchant_id, sha256: r.sha256, mime: r.mime }] : []));

/**
 * A table with its company, the file's sha256 and its type in columns of its own (a type that is always the same
 * is given as a literal). The names are this file's, never a caller's.
 */
const columns =
  (table: string, sha256: string, mime: string | { always: string }): Namer =>
  async (db) =>
    named(
      await (db as unknown as Kysely<Record<string, Row>>)
        .selectFrom(table)
        .select([
          'merchant_id',
          sql.ref<string>(sha256).as('sha256'),
          typeof mime === 'string' ? sql.ref<string>(mime).as('mime') : sql.lit(mime.always).as('mime'),
        ])
        .execute(),
    );
const snapshotFiles =
  (kind: 'report' | 'video'): Namer =>
  async (db) =>
    named(
      await db
        .selectFrom('trace_snapshot_files as f')
        .innerJoin('trace_snapshots as s', 's.id', 'f.snapshot_id')
        .select(['s.merchant_id', 'f.sha256', 'f.mime'])
        .where('f.kind', '=', kind)
        .execute(),
    );

/**
 * Every record that names a file in the store, by kind. A file no record names is removed by the sweep
 * (files/sweep.ts) after a grace period, so a table that names files and is missing here would lose them:
 * a new one is added here, and `quota.test.ts` checks that every table with a `sha256` or `*_mime` column is.
 * A published trace snapshot names the report and clip files it shows, so replacing a report or removing
 * a clip never takes a file a consumer's page still shows.
 */
export const NAMERS: Record<StoredFileKind, Namer[]> = {
  images: [
    // a device's pictures are its company's through the device
    async (db) =>
      named(
        await db
          .selectFrom('device_images as i')
          .innerJoin('devices as d', 'd.id', 'i.device_id')
          .select(['d.merchant_id', 'i.sha256', 'i.mime'])
          .execute(),
      ),
    columns('pest_categories', 'picture_sha256', 'picture_mime'),
    columns('production_personnel', 'photo', 'photo_mime'),
    columns('production_crops', 'picture', 'picture_mime'),
    columns('production_farm_work_photos', 'sha256', 'mime'),
    columns('trace_tree_photos', 'sha256', 'mime'),
    columns('video_snapshots', 'sha256', 'mime'),
  ],
  reports: [columns('trace_reports', 'file_sha256', 'file_mime'), snapshotFiles('report')],
  videos: [
    columns('production_videos', 'sha256', { always: 'video/mp4' }),
    columns('video_timelapses', 'sha256', { always: 'video/mp4' }),
    snapshotFiles('video'),
  ],
  labels: [
    async (db, now) =>
      named(
        await db
          .selectFrom('trace_label_jobs')
          .select(['merchant_id', 'file_sha256 as sha256', sql.lit('application/pdf').as('mime')])
          .where('updated_at', '>', now - LABEL_KEEP_MS)
          .execute(),
      ),
  ],
};
