import { z } from 'zod';
import { COMMAND_STATES, type CommandState } from './commands';
import type { DeviceClass } from './deviceClasses';
import { deviceClassField } from './devicesApi';
import { id, pageQuery } from './envelope';

/** The one command service (`/api/merchant/command/`): request bodies, records and live messages. */

export const COMMAND_SOURCES = ['manual', 'program', 'rule'] as const;
export type CommandSource = (typeof COMMAND_SOURCES)[number];

/** Params arrive as an object in JSON bodies and as a JSON text in form bodies. */
const paramsField = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return {};
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.record(z.string(), z.unknown(), { error: 'params must be a JSON object' }),
);

export const sendCommandBody = z.object({
  deviceId: id,
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name must not be empty')
    .max(64, 'name is at most 64 characters'),
  params: paramsField,
});
export type SendCommandBody = z.infer<typeof sendCommandBody>;

export interface SendCommandResult {
  cmdId: string;
  state: CommandState;
  /** Why a command failed at once (e.g. "device offline"); '' otherwise. */
  reason: string;
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Epoch milliseconds, or a date text such as `2026-11-22 08:00:00` (server local time) or ISO 8601. */
const instant = (field: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === undefined || v === null) return undefined;
      if (typeof v === 'number') return v;
      const s = String(v).trim();
      if (/^\d+$/.test(s)) return Number(s);
      const t = Date.parse(s.includes('T') || !s.includes(' ') ? s : s.replace(' ', 'T'));
      return Number.isNaN(t) ? s : t;
    },
    z
      .number({ error: `${field} must be epoch milliseconds or a date such as 2026-11-22 08:00:00` })
      .int()
      .nonnegative()
      .optional(),
  );

export const commandListQuery = pageQuery
  .extend({
    groupId: z.preprocess(emptyToUndefined, id.optional()),
    deviceClass: z.preprocess(emptyToUndefined, deviceClassField.optional()),
    deviceId: z.preprocess(emptyToUndefined, id.optional()),
    state: z.preprocess(
      emptyToUndefined,
      z.enum(COMMAND_STATES, { error: `state must be one of ${COMMAND_STATES.join(', ')}` }).optional(),
    ),
    source: z.preprocess(
      emptyToUndefined,
      z.enum(COMMAND_SOURCES, { error: `source must be one of ${COMMAND_SOURCES.join(', ')}` }).optional(),
    ),
    startTime: instant('startTime'),
    endTime: instant('endTime'),
    /** Matches operator, device serial or name, or command name. */
    keyword: z.string().trim().max(64, 'keyword is at most 64 characters').optional(),
  })
  .refine((q) => q.startTime === undefined || q.endTime === undefined || q.startTime <= q.endTime, {
    message: 'endTime must not be before startTime',
    path: ['endTime'],
  });
export type CommandListQuery = z.infer<typeof commandListQuery>;
/** The export takes the same filters; it is not paged. */
export const commandExportQuery = commandListQuery;

export const commandDetailQuery = z.object({
  cmdId: z
    .string({ error: 'cmdId is required' })
    .trim()
    .regex(/^[0-9a-f-]{36}$/i, 'cmdId must be a command id (uuid)'),
});

/** One row of an operation record. */
export interface CommandRecord {
  cmdId: string;
  /** When the command was issued (epoch ms). */
  createdAt: number;
  /** Login name of who issued it; for programs and rules, their name. */
  operator: string;
  userId: number | null;
  source: CommandSource;
  sourceRef: string;
  groupId: number | null;
  deviceId: number;
  serial: string;
  deviceName: string;
  deviceClass: DeviceClass;
  name: string;
  params: Record<string, unknown>;
  state: CommandState;
  /** The device's reason for a failure, or why the server gave up. */
  reason: string;
  sentAt: number | null;
  ackedAt: number | null;
  /** From sending to the device's answer. */
  responseMs: number | null;
}

/** Published on `web/{merchantId}/{groupId}/cmd` at every state change. */
export interface CommandStateMessage {
  cmdId: string;
  deviceId: number;
  name: string;
  state: CommandState;
  reason: string;
  ts: number;
}

/** Published on `web/{merchantId}/{groupId}/status` when a device goes online or offline. */
export interface DeviceStatusMessage {
  deviceId: number;
  online: boolean;
  ts: number;
}
