import type { PublicTrace } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';

export type PublishedTrace =
  | { status: 'published'; trace: PublicTrace; merchantId: number; parkId: number }
  | { status: 'withdrawn' };

/**
 * The consumer's view of a batch: its latest published snapshot, 'withdrawn' once unpublished, null when the
 * batch does not exist or was never published. Reads only the stored snapshot, never the live records.
 */
export async function getPublishedTrace(_db: Db, _batchId: number): Promise<PublishedTrace | null> {
  return null;
}
