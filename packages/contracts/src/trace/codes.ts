import { z } from 'zod';
import { id, pageQuery } from '../envelope';
import { named, refinement, ruleIssue } from '../errorDetail';
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
/**
 * Why a code is suspected: consumers' scans from places farther apart than the rule allows within its window.
 * Only evidence no single client controls counts (two network places); how often one address asks never does.
 */
export const SUSPECT_REASONS = ['farApart'] as const;
export type SuspectReason = (typeof SUSPECT_REASONS)[number];
/** A consumer's scan as evidence: where (a place name of the address table) and when. */
export interface ScanPlace {
  place: string;
  at: number;
}
/** Why a code is suspected: the scans far apart and how far (km). */
export interface SuspectEvidence {
  scans: ScanPlace[];
  km: number;
}
/**
 * 窜货 (diverted goods): a consumer's scan far from every region its batch was shipped to. Genuine goods sold
 * where they were not sent: the operator's matter, not the consumer's (the public page does not warn).
 */
export interface DivertEvidence extends ScanPlace {
  /** Distance to the nearest shipment's region (km). */
  km: number;
  shipmentId: number;
  buyer: string;
  region: string;
}

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
  suspectEvidence: SuspectEvidence | null;
  divertedAt: number | null;
  divertEvidence: DivertEvidence | null;
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

/** A label sheet made in the background: its progress, then its file (a 20,000-label PDF never sits in memory). */
export const LABEL_JOB_STATES = ['running', 'done', 'failed'] as const;
export interface LabelJob {
  id: number;
  batchId: number;
  size: LabelSizeName;
  /** Labels the sheet holds (live codes of the range) and how many are drawn so far. */
  total: number;
  done: number;
  status: (typeof LABEL_JOB_STATES)[number];
  error: string;
  /** The address printed in the QR codes. */
  publicBase: string;
  createdAt: number;
  updatedAt: number;
}
export const labelJobQuery = z.object({ jobId: id });

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
  /** Live codes a consumer scanned far from every region the batch was shipped to (窜货). */
  diverted: number;
  scans: number;
  /** Scans per day in the park's zone, oldest first, every day of the range (0 when none). */
  days: { day: string; scans: number }[];
}

/** Codes suspected or diverted (either evidence), newest first. */
export const suspectedCodeListQuery = pageQuery.extend({ batchId: optional(id) });
export interface SuspectedCodeRow extends TraceCodeRow {
  batchId: number;
  productName: string;
  lot: string;
}

/**
 * The merchant's counterfeit rule: a code is suspected when consumers scan it from two places more than farKm
 * apart within windowHours; a scan more than farKm from every region the batch was shipped to is diverted.
 */
export const codeSettingsBody = z.object({
  farKm: intField((n) => n.min(1).max(20_000)),
  windowHours: intField((n) => n.min(1).max(720)),
});
export type CodeSettings = z.infer<typeof codeSettingsBody>;
export const DEFAULT_CODE_SETTINGS: CodeSettings = { farKm: 500, windowHours: 24 };

/** The public code read: a blank or malformed code answers `unknown`, never an error a script could probe. */
export const publicCodeQuery = z.object({
  code: withDefault(z.string().max(64), ''),
  /** The GTIN and lot a GS1 Digital Link carried with the code: the code must be of that product. */
  gtin: optional(z.string().max(14)),
  lot: optional(z.string().max(20)),
});
/**
 * ok; void (voided by the producer); unknown (never issued here); suspected (copied, by the rule's evidence);
 * withdrawn (the producer withdrew the batch, on `withdrawnOn`); unpublished (the batch is not published yet);
 * mismatch (a genuine code under another product's GTIN or lot).
 */
export const PUBLIC_CODE_STATES = [
  'ok',
  'void',
  'unknown',
  'suspected',
  'withdrawn',
  'unpublished',
  'mismatch',
] as const;
export type PublicCodeState = (typeof PUBLIC_CODE_STATES)[number];
export interface PublicCodeAnswer {
  status: PublicCodeState;
  /** Consumers' scans including this one (staff reads never count); 0 for an unknown code. */
  scanCount: number;
  /** The first consumer's scan. */
  firstScanAt: number | null;
  /** The published snapshot (only that); null unless ok or suspected. */
  trace: PublicTrace | null;
  /** The park's IANA zone, for showing `firstScanAt`; absent for an unknown code. */
  timeZone?: string;
  /** The day the producer withdrew the batch (status withdrawn), in the park's calendar. */
  withdrawnOn?: string | null;
  /** True when a signed-in member of the producer's staff read it: not counted as a scan. */
  staff?: boolean;
}

/**
 * The product page a GS1 Digital Link without a serial opens (`/01/{gtin}`, `/01/{gtin}/10/{lot}`): the newest
 * published batch of that GTIN (of that lot when given). Answered as a code read without the scan counts.
 */
export const publicProductQuery = z.object({
  gtin: withDefault(z.string().max(14), ''),
  lot: optional(z.string().max(20)),
});

/**
 * Where consumers reach the public pages, printed in every QR code: the administrator's setting, else the
 * server's PUBLIC_BASE_URL, else the address the console was opened on. `url` '' clears the setting.
 */
export const publicBaseBody = z.object({
  url: withDefault(
    z
      .string()
      .trim()
      .max(200)
      .regex(/^$|^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/, named('url'))
      .transform((u) => u.replace(/\/+$/, '')),
    '',
  ),
});
export interface PublicBaseView {
  /** The administrator's setting ('' when none). */
  url: string;
  /** What labels print now. */
  effective: string;
  source: 'setting' | 'env' | 'request';
  /** The effective address is loopback or private: phones outside this network cannot open it. */
  local: boolean;
}

/** True for a loopback, private, link-local or .local host: an address consumers' phones cannot reach. */
export function isLocalAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '::1') return true;
  if (/^(fc|fd)[0-9a-f]{2}:/.test(host) || host.startsWith('fe80:')) return true;
  const v4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** A code as people read it: upper case, dashes and spaces dropped, look-alikes mapped (O->0, I/L->1). */
export function normalizeTraceCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** `K7QX-M2P9-RTWH-5`: groups of four for printing. */
export const formatTraceCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');
