import { z } from 'zod';
import { id } from '../envelope';
import { named } from '../errorDetail';
import { dayField, optText, parkPageQuery, text } from '../production/coreValues';
import { enumField, intField, listOf, nullable, numberField } from '../requestValues';
import { CERTIFICATE_BASES, type CertificateBasis, TRACE_SECTIONS, type TraceSection } from './public';

/** Trace batches (/tracingCenter/rootBatch): what was harvested, from where, with its records, to publish. */

/** GS1 check digit (mod 10, weights 3 and 1 from the right) of a GTIN-8/12/13/14. */
export function isValidGtin(digits: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}
/** A GTIN as entered (8, 12, 13 or 14 digits), kept as GTIN-14 (zero-padded) as GS1 Digital Link writes it. */
export const gtinField = z
  .string()
  .trim()
  .regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, named('gtinDigits'))
  .refine(isValidGtin, named('checkDigit'))
  .transform((g) => g.padStart(14, '0'));
/** GS1 AI (10) allows up to 20 characters; these survive a Digital Link path unescaped. */
export const lotField = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9._-]*$/, named('lotChars'));

const ids = (max: number) => listOf(id, (a) => a.max(max));
export const batchFields = z.object({
  groupId: id,
  productName: text(100, 1),
  gtin: nullable(gtinField),
  lot: lotField,
  plantingIds: ids(50),
  harvestIds: ids(200),
  reportIds: ids(50),
  videoIds: ids(50),
  certQuantity: nullable(numberField((n) => n.gt(0).max(1e9))),
  certUnit: optText(10),
  producer: optText(100),
  origin: optText(200),
  contact: optText(50),
  issuedOn: nullable(dayField()),
  pledge: optText(500),
  basis: listOf(enumField(CERTIFICATE_BASES), (a) => a.max(3)),
  /** For the merchant only: never published. */
  notes: optText(500),
});
export const addBatchBody = batchFields;
export type AddBatchBody = z.infer<typeof addBatchBody>;
export const updateBatchBody = batchFields.extend({ id });
export type UpdateBatchBody = z.infer<typeof updateBatchBody>;
export const batchListQuery = parkPageQuery;
export type BatchListQuery = z.infer<typeof batchListQuery>;
export const publishBatchBody = z.object({
  id,
  sections: listOf(enumField(TRACE_SECTIONS), (a) => a.min(1)),
});
export type PublishBatchBody = z.infer<typeof publishBatchBody>;
/**
 * Withdrawal of a published batch (administrators): consumers then read "withdrawn by the producer on
 * `withdrawnOn`" on every code of it; the reason is the merchant's own record, never published.
 */
export const withdrawBatchBody = z.object({
  id,
  reason: text(200, 1),
  withdrawnOn: dayField(),
});
export type WithdrawBatchBody = z.infer<typeof withdrawBatchBody>;
/** One publish of a batch, as the console lists them: a new publish is a new revision, never a rewrite. */
export interface BatchRevision {
  version: number;
  publishedAt: number;
  /** Who published it (null for a revision from before this was recorded). */
  publishedBy: string | null;
  sections: TraceSection[];
  withdrawnAt: number | null;
  withdrawnOn: string | null;
  withdrawnBy: string | null;
  withdrawReason: string;
}
export const batchRevisionQuery = z.object({ id, version: intField((n) => n.min(1, 'version must be at least 1')) });

export type BatchStatus = 'draft' | 'published' | 'withdrawn';
export interface TraceBatch {
  id: number;
  groupId: number;
  productName: string;
  gtin: string | null;
  lot: string;
  status: BatchStatus;
  /** The latest publish, if any: its version, when, which sections. */
  published: { version: number; publishedAt: number; sections: TraceSection[] } | null;
  /** Edited after the latest publish: consumers still see the old snapshot until published again. */
  changedSincePublish: boolean;
  harvestQuantity: { quantity: number; unit: string }[];
  /** Codes generated for the batch: a batch with codes is withdrawn, never deleted, once published. */
  codeCount: number;
  /** The withdrawal of the latest revision, when the batch is withdrawn. */
  withdrawal: { on: string | null; at: number; reason: string } | null;
  updatedAt: number;
}
export interface TraceBatchDetail extends TraceBatch {
  plantingIds: number[];
  harvestIds: number[];
  reportIds: number[];
  videoIds: number[];
  certQuantity: number | null;
  certUnit: string;
  producer: string;
  origin: string;
  contact: string;
  issuedOn: string | null;
  pledge: string;
  basis: CertificateBasis[];
  notes: string;
}
/** What the batch form picks from, per park. */
export interface BatchOptions {
  plantings: { id: number; label: string; cropName: string; status: string }[];
  harvests: { id: number; plantingId: number; label: string; quantity: number; unit: string }[];
  reports: { id: number; label: string }[];
  videos: { id: number; title: string; plantingId: number | null }[];
}
