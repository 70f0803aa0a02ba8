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

/**
 * A table whose company is on its parent row (a device's pictures, a published snapshot's files), the rows of
 * one `kind` when the table holds several.
 */
const throughParent =
  (table: string, parent: string, parentId: string, kind?: string): Namer =>
  async (db) => {
    let q = (db as unknown as Kysely<Record<string, Row & { id: number; kind: string }>>)
      .selectFrom(`${table} as f`)
      .innerJoin(`${parent} as p`, (j) => j.on('p.id', '=', sql.ref<number>(`f.${parentId}`)))
      .select(['p.merchant_id', 'f.sha256', 'f.mime']);
    if (kind) q = q.where('f.kind', '=', kind);
    return named(await q.execute());
  };

/**
 * Every record that names a file in the store, by kind. A file no record names is removed by the sweep
 * (files/sweep.ts) after a grace period, so a table that names files and is missing here would lose them:
 * a new one is added here, and `quota.test.ts` checks that every table with a `sha256` or `*_mime` column is.
 * A published trace snapshot names the report and clip files it shows, so replacing a report or removing
 * a clip never takes a file a consumer's page still shows.
 */
export const NAMERS: Record<StoredFileKind, Namer[]> = {
  images: [
    throughParent('device_images', 'devices', 'device_id'),
    columns('pest_categories', 'picture_sha256', 'picture_mime'),
    columns('production_personnel', 'photo', 'photo_mime'),
    columns('production_crops', 'picture', 'picture_mime'),
    columns('production_farm_work_photos', 'sha256', 'mime'),
    columns('trace_tree_photos', 'sha256', 'mime'),
    columns('video_snapshots', 'sha256', 'mime'),
  ],
  reports: [
    columns('trace_reports', 'file_sha256', 'file_mime'),
    throughParent('trace_snapshot_files', 'trace_snapshots', 'snapshot_id', 'report'),
    // a park report's PDF and XLSX files (modules/reports)
    throughParent('park_report_files', 'park_reports', 'report_id'),
  ],
  videos: [
    columns('production_videos', 'sha256', { always: 'video/mp4' }),
    columns('video_timelapses', 'sha256', { always: 'video/mp4' }),
    throughParent('trace_snapshot_files', 'trace_snapshots', 'snapshot_id', 'video'),
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
