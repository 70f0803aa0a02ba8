import { z } from 'zod';
import { SEVERITIES } from './alarms';
import { COMMAND_STATES } from './commands';
import type { CommandStateMessage, DeviceStatusMessage } from './commandsApi';
import { type IrrigationRun, RUN_STATES } from './irrigation';
import type { LiveTelemetryMessage } from './telemetry';

/**
 * What the server publishes to browsers, one schema per channel of `web/{merchantId}/{groupId}/{channel}`
 * and of the per-user session topic. Publishers build topic and message with `webChannel` (the compiler
 * checks the message against the channel); the console parses each message once against the same schema.
 * Each schema `satisfies` the message type its domain declares, so the two cannot drift apart.
 */

const count = z.number().int().nonnegative();
const ts = z.number();

const liveTelemetry = z.object({
  readings: z.array(z.object({ deviceId: z.number().int(), ts, values: z.record(z.string(), z.number()) })),
}) satisfies z.ZodType<LiveTelemetryMessage>;

const deviceStatus = z.object({
  deviceId: z.number().int(),
  online: z.boolean(),
  ts,
}) satisfies z.ZodType<DeviceStatusMessage>;

const commandState = z.object({
  cmdId: z.string().min(1),
  deviceId: z.number().int(),
  name: z.string(),
  state: z.enum(COMMAND_STATES),
  reason: z.string(),
  ts,
}) satisfies z.ZodType<CommandStateMessage>;

/** An alarm raised, repeated, acknowledged or cleared by its rule. */
const alarmEvent = z.object({
  alarmId: z.number().int(),
  event: z.enum(['raised', 'repeat', 'acknowledged', 'cleared']),
  ruleName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  key: z.string(),
  severity: z.enum(SEVERITIES),
  value: z.number().nullable(),
  ts,
  openCount: count,
});
/** Alarms closed because their rule changed meaning or was removed: only the new open count matters. */
const alarmClosed = z.object({ alarmId: z.number().int(), event: z.literal('cleared'), ts, openCount: count });
const alarm = z.union([alarmEvent, alarmClosed]);
export type AlarmChannelMessage = z.infer<typeof alarm>;

/**
 * A run that changed. The console only learns which run moved to which state and refetches; the
 * rest of the run is the server's IrrigationRun, checked by the compiler where it is published.
 */
const irrigationRunCheck = z.looseObject({
  runId: z.number().int(),
  groupId: z.number().int(),
  deviceId: z.number().int(),
  state: z.enum(RUN_STATES),
});
const irrigationRun = z.custom<IrrigationRun>((v) => irrigationRunCheck.safeParse(v).success);

/** The web channels of a park and the message each carries. */
export const WEB_CHANNELS = {
  telemetry: liveTelemetry,
  status: deviceStatus,
  cmd: commandState,
  alarm,
  irrigation: irrigationRun,
} as const;
export type WebChannel = keyof typeof WEB_CHANNELS;
export type WebChannelMessage<C extends WebChannel> = z.infer<(typeof WEB_CHANNELS)[C]>;

/** A channel's topic; '#' makes the filter of every channel of the park. */
export const webTopic = (merchantId: number, groupId: number, channel: WebChannel | '#') =>
  `web/${merchantId}/${groupId}/${channel}`;

/** Topic and message of one publication, as `publish(...webChannel(m, g, 'cmd', msg))` takes them. */
export function webChannel<C extends WebChannel>(
  merchantId: number,
  groupId: number,
  channel: C,
  message: WebChannelMessage<C>,
): [topic: string, message: WebChannelMessage<C>] {
  return [webTopic(merchantId, groupId, channel), message];
}

/** The message of a channel, or null when the payload is not one (logged by the caller, never thrown). */
export function parseWebChannel<C extends WebChannel>(channel: C, payload: unknown): WebChannelMessage<C> | null {
  const r = WEB_CHANNELS[channel].safeParse(payload);
  return r.success ? (r.data as WebChannelMessage<C>) : null;
}

/** Sent on `user/{m}/{u}/session` when sessions end; the broker delivers it only to the ended sessions. */
export const sessionEndedMessage = z.object({
  code: z.number().int(),
  msg: z.string(),
  sessionIds: z.array(z.number().int()),
});
export type SessionEndedMessage = z.infer<typeof sessionEndedMessage>;

/** Per-user topic for session events (forced logout pushed at once). */
export const userTopic = (merchantId: number, userId: number) => `user/${merchantId}/${userId}/session`;
