import type { Generated } from 'kysely';
import type { Id, Ms } from './columnTypes';

/** Tables of migration 0006 (pests and spores); joined into `Database` in schema.ts. */

export interface PestCategoriesTable {
  id: Id;
  merchant_id: number;
  kind: string;
  code: string;
  name: string;
  latin_name: string;
  daily_threshold: number;
  picture_sha256: string | null;
  picture_mime: string | null;
  created_at: Ms;
  updated_at: Ms;
  /** Degree-day model (migration 2026_11_28_31); dd_base_c null = none of its own, its code's defaults apply. */
  dd_method: string | null;
  dd_base_c: number | null;
  dd_upper_c: number | null;
  /** 'MM-DD' the running sum starts from every year. */
  dd_start: string | null;
}

export interface ImageDetectionsTable {
  id: Id;
  image_id: number;
  category_id: number;
  x: number;
  y: number;
  w: number;
  h: number;
  confidence: number | null;
  source: string;
  created_by: string;
  corrected: Generated<number>;
  updated_at: Ms;
}

export interface PestSeededTable {
  merchant_id: number;
  seeded_at: Ms;
}

/** Biofix confirmed or moved by an operator (migration 2026_11_29_94): per park, category and season. */
export interface PestBiofixesTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  category_id: number;
  /** 'YYYY-MM-DD' the category's season began (its start month and day). */
  season_start: string;
  biofix_on: string;
  /** The traps' first sustained catch when it was saved; null: none yet. */
  trap_on: string | null;
  user_id: number;
  updated_at: Ms;
}

export interface PestsTables {
  pest_categories: PestCategoriesTable;
  image_detections: ImageDetectionsTable;
  pest_seeded: PestSeededTable;
  pest_biofixes: PestBiofixesTable;
}
