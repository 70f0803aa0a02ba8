import { z } from 'zod';
import { id } from '../envelope';
import { nullable } from '../requestValues';
import { text } from './coreValues';

/**
 * Finished records are corrected, never rewritten (issue 24): done farm work and harvests keep every revision,
 * each with who saved it, when and why. A correction of a finished record names its reason
 * (`correctionReason`); the record's history lists the revisions, newest first, with what each one changed.
 */
export const REVISED_RECORDS = ['farmWork', 'harvest'] as const;
export type RevisedRecord = (typeof REVISED_RECORDS)[number];
export const REVISION_KINDS = ['made', 'corrected', 'removed'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** Why a finished record is corrected, as its form requires it (done work, any harvest). */
export const correctionReasonText = text(200, 4);
/** The body field: the server requires it when the record is finished (it alone knows the stored status). */
export const correctionReason = nullable(correctionReasonText);

/**
 * An administrator's reason to set the pesticide safety interval aside: on a harvest inside an interval, or on a
 * spray recorded after a harvest that it then covers (the harvests it covers keep the reason). Blank = none.
 */
export const overrideReason = nullable(text(500, 4));

/** A record's history (farmWork/getFarmWorkHistory, harvest/getHarvestHistory): its park and its id. */
export const recordHistoryQuery = z.object({ groupId: id, id });
export type RecordHistoryQuery = z.infer<typeof recordHistoryQuery>;

/** One field a revision changed, with its value before and after (as the record's API shows it). */
export interface RevisionChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface RecordRevision {
  revision: number;
  kind: RevisionKind;
  at: number;
  userName: string;
  reason: string | null;
  /** The record as this revision left it (a removal's: as it was removed). */
  data: Record<string, unknown>;
  /** What changed from the revision before (empty for the first). */
  changes: RevisionChange[];
}
