import { z } from 'zod';

/**
 * A published trace batch as the consumer page (/OC, /TC) shows it: the frozen snapshot of exactly the
 * sections the merchant ticked when publishing. Every section is optional because an unticked section is
 * not in the stored JSON at all (not empty, absent), so no reader can leak it. Nothing here names a person:
 * no phone, no ID number, no worker; notes are never copied.
 */
export const TRACE_SECTIONS = [
  'product',
  'certificate',
  'farm',
  'plots',
  'plantings',
  'timeline',
  'harvests',
  'reports',
  'videos',
] as const;
export type TraceSection = (typeof TRACE_SECTIONS)[number];

/** The basis of the compliance certificate (承诺达标合格证): own quality control, own test, lab test. */
export const CERTIFICATE_BASES = ['ownControl', 'ownTest', 'labTest'] as const;
export type CertificateBasis = (typeof CERTIFICATE_BASES)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const publicTraceSchema = z.object({
  /** Epoch ms of the publish that froze this snapshot. */
  publishedAt: z.number().int(),
  /** 1 for the first publish of the batch, then one more per new publish. */
  version: z.number().int().min(1),
  product: z
    .object({
      name: z.string(),
      /** 14-digit GTIN with a valid GS1 check digit, or null when the batch has none. */
      gtin: z.string().nullable(),
      lot: z.string(),
    })
    .optional(),
  certificate: z
    .object({
      product: z.string(),
      quantity: z.number(),
      unit: z.string(),
      producer: z.string(),
      origin: z.string(),
      /** The producer's business contact as typed on the certificate (never copied from personnel). */
      contact: z.string(),
      issuedOn: day,
      pledge: z.string(),
      basis: z.array(z.enum(CERTIFICATE_BASES)),
    })
    .optional(),
  farm: z
    .object({
      /** The park's name. */
      name: z.string(),
      /** The park's address as the merchant set it. */
      region: z.string(),
    })
    .optional(),
  plots: z.array(z.object({ name: z.string(), areaMu: z.number().nullable() })).optional(),
  plantings: z
    .array(
      z.object({
        crop: z.string(),
        variety: z.string(),
        plot: z.string(),
        sownOn: day,
        transplantedOn: day.nullable(),
      }),
    )
    .optional(),
  /** Done farm work of the batch's plantings, sowing to harvest, oldest first. */
  timeline: z
    .array(
      z.object({
        date: day,
        /** A farm-work type (sowing, fertilising, spraying, irrigation...), phrased by the page. */
        type: z.string(),
        plot: z.string(),
        materials: z.array(z.object({ name: z.string(), quantity: z.number(), unit: z.string() })),
        /** True for a record the machine wrote itself (an irrigation run with its measured water and fertiliser). */
        machine: z.boolean(),
        waterM3: z.number().nullable(),
      }),
    )
    .optional(),
  harvests: z
    .array(
      z.object({
        date: day,
        quantity: z.number(),
        unit: z.string(),
        grade: z.string(),
        // An administrator's reason for harvesting inside a safety interval is the merchant's record, never
        // published; a snapshot stored with one is read through this schema, which drops it.
      }),
    )
    .optional(),
  reports: z
    .array(
      z.object({
        agency: z.string(),
        number: z.string(),
        sampledOn: day,
        reportedOn: day,
        validUntil: day.nullable(),
        items: z.array(z.object({ name: z.string(), result: z.string(), standard: z.string(), pass: z.boolean() })),
        passed: z.boolean(),
        /** Public URL of the report file of this snapshot, e.g. /api/public/trace/file/{token}. */
        fileUrl: z.string(),
        fileType: z.enum(['pdf', 'image']),
      }),
    )
    .optional(),
  videos: z.array(z.object({ title: z.string(), shotOn: day, url: z.string() })).optional(),
});
export type PublicTrace = z.infer<typeof publicTraceSchema>;

/** Path of the public file route; the token is unguessable and belongs to one snapshot. */
export const publicTraceFileUrl = (token: string) => `/api/public/trace/file/${token}`;
