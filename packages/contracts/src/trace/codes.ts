import { z } from 'zod';
import { id, pageQuery } from '../envelope';
import { refinement, ruleIssue } from '../errorDetail';
import { text } from '../production/coreValues';
import { enumField, intField, listOf, optional, withDefault } from '../requestValues';
import type { PublicTrace } from './public';

/**
 * One item one code (/tracingCenter/rootsProductCode): codes generated for a trace batch, printed as QR
 * labels, voided, and counted when consumers scan them.
 */

/** Crockford's base32 without I, L, O, U: a code read off a label is not misread. 13 characters = 65 bits. */
export const TRACE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TRACE_CODE_LENGTH = 13;
export const TRACE_CODE_MAX_PER_JOB = 100_000;
/** How many labels one PDF may hold (a roll or a stack of sheets; more is several downloads). */
export const TRACE_LABELS_MAX = 20_000;

export const LABEL_SIZES = ['A4', '50x30', '40x60'] as const;
export type LabelSizeName = (typeof LABEL_SIZES)[number];

/** active: printed and good; void: withdrawn by the merchant; suspected: the counterfeit rule fired. */
export const TRACE_CODE_STATES = ['active', 'void', 'suspected'] as const;
export type TraceCodeState = (typeof TRACE_CODE_STATES)[number];
export const SUSPECT_REASONS = ['tooMany', 'farApart'] as const;
export type SuspectReason = (typeof SUSPECT_REASONS)[number];

const seq = () => intField((n) => n.min(1));

const inOrder = (b: { fromSeq?: number; toSeq?: number }) =>
  b.fromSeq === undefined || b.toSeq === undefined || b.fromSeq <= b.toSeq;

export const generateCodesBody = z.object({
  batchId: id,
  count: intField((n) => n.min(1).max(TRACE_CODE_MAX_PER_JOB)),
});
export type GenerateCodesBody = z.infer<typeof generateCodesBody>;

export const CODE_JOB_STATES = ['running', 'done', 'failed'] as const;
export interface CodeJob {
  id: number;
  batchId: number;
  requested: number;
  done: number;
  status: (typeof CODE_JOB_STATES)[number];
  error: string;
  createdAt: number;
  updatedAt: number;
}
export const codeJobQuery = z.object({ jobId: id });
export const batchQuery = z.object({ batchId: id });

export const codeListQuery = pageQuery.extend({
  batchId: id,
  state: optional(enumField(TRACE_CODE_STATES)),
  /** Part of a code, or a code as printed with dashes. */
  code: optional(text(20)),
});
export type CodeListQuery = z.infer<typeof codeListQuery>;

export interface TraceCodeRow {
  id: number;
  seq: number;
  code: string;
  /** What the label's QR code carries. */
  url: string;
  state: TraceCodeState;
  scanCount: number;
  firstScanAt: number | null;
  firstScanPlace: string | null;
  lastScanAt: number | null;
  lastScanPlace: string | null;
  voidedAt: number | null;
  voidReason: string;
  suspectedAt: number | null;
  suspectReason: SuspectReason | null;
}

/** Void some codes by id, or the range fromSeq..toSeq of a batch, with a reason the list shows. */
export const voidCodesBody = z
  .object({
    batchId: id,
    ids: optional(listOf(id, (a) => a.max(1000))),
    fromSeq: optional(seq()),
    toSeq: optional(seq()),
    reason: text(200, 1),
  })
  // Without ids (one code from the list), a range: its bounds are what a person fills in.
  .superRefine((b, ctx) => {
    if ((b.ids?.length ?? 0) > 0) return;
    if (b.fromSeq === undefined) ctx.addIssue(ruleIssue(['fromSeq'], 'required'));
    if (b.toSeq === undefined) ctx.addIssue(ruleIssue(['toSeq'], 'required'));
  })
  .refine(inOrder, refinement('notBelow', { other: 'fromSeq' }, ['toSeq']));
export type VoidCodesBody = z.infer<typeof voidCodesBody>;

/** Labels of a batch's codes fromSeq..toSeq (all when not given), voided codes left out. */
export const codeLabelsQuery = z
  .object({
    batchId: id,
    size: withDefault(enumField(LABEL_SIZES), 'A4'),
    fromSeq: optional(seq()),
    toSeq: optional(seq()),
  })
  .refine(inOrder, refinement('notBelow', { other: 'fromSeq' }, ['toSeq']));
export type CodeLabelsQuery = z.infer<typeof codeLabelsQuery>;

export const codeExportQuery = z.object({
  batchId: id,
  format: withDefault(enumField(['csv', 'xlsx'] as const), 'csv'),
});

export const codeStatsQuery = z.object({
  batchId: id,
  days: withDefault(
    intField((n) => n.min(1).max(366)),
    30,
  ),
});
export interface CodeStats {
  total: number;
  void: number;
  scanned: number;
  suspected: number;
  scans: number;
  /** Scans per day in the park's zone, oldest first, every day of the range (0 when none). */
  days: { day: string; scans: number }[];
}

export const suspectedCodeListQuery = pageQuery.extend({ batchId: optional(id) });
export interface SuspectedCodeRow extends TraceCodeRow {
  batchId: number;
  productName: string;
  lot: string;
}

/** The merchant's counterfeit rule: more than maxScans scans, or two scans farKm apart within windowHours. */
export const codeSettingsBody = z.object({
  maxScans: intField((n) => n.min(2).max(100_000)),
  farKm: intField((n) => n.min(1).max(20_000)),
  windowHours: intField((n) => n.min(1).max(720)),
});
export type CodeSettings = z.infer<typeof codeSettingsBody>;
export const DEFAULT_CODE_SETTINGS: CodeSettings = { maxScans: 20, farKm: 500, windowHours: 24 };

/** The public code read: a blank or malformed code answers `unknown`, never an error a script could probe. */
export const publicCodeQuery = z.object({ code: withDefault(z.string().max(64), '') });
export const PUBLIC_CODE_STATES = ['ok', 'void', 'unknown', 'suspected', 'withdrawn'] as const;
export type PublicCodeState = (typeof PUBLIC_CODE_STATES)[number];
export interface PublicCodeAnswer {
  status: PublicCodeState;
  /** Scans including this one; 0 for an unknown code. */
  scanCount: number;
  firstScanAt: number | null;
  /** The published snapshot (only that); null for unknown, withdrawn or never published. */
  trace: PublicTrace | null;
  /** The park's IANA zone, for showing `firstScanAt`; absent for an unknown code. */
  timeZone?: string;
}

/** A code as people read it: upper case, dashes and spaces dropped, look-alikes mapped (O->0, I/L->1). */
export function normalizeTraceCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** `K7QX-M2P9-RTWH-5`: groups of four for printing. */
export const formatTraceCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');
