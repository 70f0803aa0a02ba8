import { z } from 'zod';
import { COMMAND_STATES, type CommandState } from './commands';
import type { DeviceClass } from './deviceClasses';
import { deviceClassField } from './devicesApi';
import { id, pageQuery } from './envelope';
import { refinement } from './errorDetail';
import { enumField, epochMsField, jsonText, optional, says, withDefault } from './requestValues';

/** The one command service (`/api/merchant/command/`): request bodies, records and live messages. */

export const COMMAND_SOURCES = ['manual', 'program', 'rule'] as const;
export type CommandSource = (typeof COMMAND_SOURCES)[number];

/**
 * Params arrive as an object in JSON bodies and as a JSON text in form bodies. Their values are read
 * by the device class's command schema (commands.ts), so `{"on":"false"}` switches off.
 */
const paramsField = withDefault(jsonText(z.record(z.string(), z.unknown(), says('object'))), {});

export const sendCommandBody = z.object({
  deviceId: id,
  name: z.string().trim().min(1).max(64),
  params: paramsField,
});
export type SendCommandBody = z.infer<typeof sendCommandBody>;

export interface SendCommandResult {
  cmdId: string;
  state: CommandState;
  /** Why a command failed at once (e.g. "device offline"); '' otherwise. */
  reason: string;
}

export const commandListQuery = pageQuery
  .extend({
    groupId: optional(id),
    deviceClass: optional(deviceClassField),
    deviceId: optional(id),
    state: optional(enumField(COMMAND_STATES)),
    source: optional(enumField(COMMAND_SOURCES)),
    startTime: optional(epochMsField()),
    endTime: optional(epochMsField()),
    /** Matches operator, device serial or name, or command name. */
    keyword: z.string().trim().max(64).optional(),
  })
  .refine(
    (q) => q.startTime === undefined || q.endTime === undefined || q.startTime <= q.endTime,
    refinement('notBefore', { other: 'startTime' }, ['endTime']),
  );
export type CommandListQuery = z.infer<typeof commandListQuery>;
/** The export takes the same filters; it is not paged. */
export const commandExportQuery = commandListQuery;

export const commandDetailQuery = z.object({
  cmdId: z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}$/i),
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
