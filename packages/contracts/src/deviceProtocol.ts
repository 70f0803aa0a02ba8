import { z } from 'zod';

/**
 * The MQTT protocol between a device and FarmPark (docs/DEVICES.md explains it in prose).
 * A device signs in with username = its serial and password = its secret, and may only use topics
 * below `dev/{serial}/`. Timestamps are epoch milliseconds (UTC).
 */
export const deviceTopic = {
  telemetry: (serial: string) => `dev/${serial}/up/telemetry`,
  event: (serial: string) => `dev/${serial}/up/event`,
  ack: (serial: string) => `dev/${serial}/up/ack`,
  status: (serial: string) => `dev/${serial}/up/status`,
  cmd: (serial: string) => `dev/${serial}/down/cmd`,
} as const;

export type DeviceUpChannel = 'telemetry' | 'event' | 'ack' | 'status';

/** Parses `dev/{serial}/up/{channel}`; null for anything else. */
export function parseDeviceUpTopic(topic: string): { serial: string; channel: DeviceUpChannel } | null {
  const m = /^dev\/([A-Za-z0-9_-]{1,64})\/up\/(telemetry|event|ack|status)$/.exec(topic);
  return m ? { serial: m[1], channel: m[2] as DeviceUpChannel } : null;
}

export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** At most this many readings in one telemetry message. */
export const MAX_READINGS_PER_MESSAGE = 1000;

const ts = z.number().int().positive();

/** One sampling instant: several parameter values taken at `ts`. */
export const reading = z.object({
  ts,
  values: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/), z.number().finite()),
});
export type Reading = z.infer<typeof reading>;

/** `dev/{serial}/up/telemetry`: one or many readings, possibly late (buffered while offline). */
export const telemetryPayload = z.object({
  readings: z.array(reading).min(1).max(MAX_READINGS_PER_MESSAGE),
});
export type TelemetryPayload = z.infer<typeof telemetryPayload>;

/** `dev/{serial}/up/status`: also the last will (`online: false`), published retained. */
export const statusPayload = z.object({
  online: z.boolean(),
  ts,
  firmware: z.string().max(64).optional(),
});
export type StatusPayload = z.infer<typeof statusPayload>;

/** `dev/{serial}/up/event`: things that are not samples (photo taken, fault, boot, door opened...). */
export const eventPayload = z.object({
  ts,
  type: z.string().min(1).max(64),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type EventPayload = z.infer<typeof eventPayload>;

/** `dev/{serial}/down/cmd`: a command; the device answers with an ack carrying the same cmdId. */
export const commandPayload = z.object({
  cmdId: z.string().min(1).max(64),
  name: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).default({}),
  ts,
  /** The device must not execute a command it receives after this instant. */
  expiresAt: ts,
});
export type CommandPayload = z.infer<typeof commandPayload>;

/** `dev/{serial}/up/ack`: the outcome of a command, in the device's own words when it failed. */
export const ackPayload = z.object({
  cmdId: z.string().min(1).max(64),
  ok: z.boolean(),
  reason: z.string().max(500).optional(),
  ts,
  /** State after the command (e.g. `{fan: 1}`), so the console can show it without waiting for telemetry. */
  state: z.record(z.string(), z.number().finite()).optional(),
});
export type AckPayload = z.infer<typeof ackPayload>;
