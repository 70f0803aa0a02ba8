import { z } from 'zod';
import { sendCommandBody } from './commandsApi';
import type { DeviceClass } from './deviceClasses';
import { id, pageQuery } from './envelope';
import { epochMsField, optional } from './requestValues';

/**
 * Device debugging (`/testing`, docs/TESTING_PAGE.md): a console user or an installer holding a device's
 * serial and secret watches that device's raw messages both ways and sends it commands. Console calls live
 * under `/api/merchant/testing/` (the session's parks and class permissions apply); installer calls under
 * `/api/testing/`, with a short-lived token good for one device, carried in the body (never in a URL).
 */

/** How long an installer's debugging token is good for; it also ends when the device's secret changes. */
export const TESTING_TOKEN_TTL_MS = 30 * 60_000;
/** Messages a watched device keeps for its watchers; older ones drop off (a page left open costs no more). */
export const TESTING_BUFFER = 200;
/** A payload longer than this is cut (an MQTT message may be 256 KB; the page shows text, not blobs). */
export const TESTING_PAYLOAD_MAX = 8 * 1024;
/** A device nobody has polled for this long is no longer watched. */
export const TESTING_IDLE_MS = 15_000;
/** How long the server holds a poll that has nothing new, answering as soon as a message comes. */
export const TESTING_HOLD_MS = 10_000;
/** After an answer with messages the page waits this long before asking again (bursts come together). */
export const TESTING_POLL_MS = 250;

const serialText = z.string().trim().min(1).max(64);
const tokenText = z.string().trim().min(1).max(200);

/** An installer signs in with the device's serial and its MQTT secret (its "password"). */
export const testingLoginBody = z.object({
  serial: serialText,
  password: z.string().min(1).max(200),
});
export type TestingLoginBody = z.infer<typeof testingLoginBody>;

/** The console's device picker: devices of one park the user may see, by serial or name. */
export const testingDeviceListQuery = pageQuery.extend({
  groupId: id,
  keyword: z.string().trim().max(64).optional(),
});
export type TestingDeviceListQuery = z.infer<typeof testingDeviceListQuery>;

/**
 * New messages of a device: those recorded after `startTime` (the `at` of the last one the page has). Without
 * it, everything the device's buffer holds at once; with it and nothing new, the server waits up to
 * TESTING_HOLD_MS for the next message (a long poll).
 */
export const testingMessagesQuery = z.object({ deviceId: id, startTime: optional(epochMsField()) });
export type TestingMessagesQuery = z.infer<typeof testingMessagesQuery>;
export const testingInstallerMessagesBody = z.object({ token: tokenText, startTime: optional(epochMsField()) });

/** The console sends like everywhere else (`command/sendCommand`); the installer names no device: the token does. */
export const testingSendCommandBody = sendCommandBody;
export const testingInstallerCommandBody = sendCommandBody.omit({ deviceId: true }).extend({ token: tokenText });

export interface TestingDevice {
  deviceId: number;
  serial: string;
  name: string;
  deviceClass: DeviceClass;
  online: boolean;
  groupId: number | null;
  /** The device's park's zone: the page shows its times in it. */
  timeZone: string;
}

export const TAP_DIRECTIONS = ['up', 'down'] as const;
export const TAP_CHANNELS = ['telemetry', 'event', 'status', 'ack', 'cmd'] as const;
export type TapChannelName = (typeof TAP_CHANNELS)[number];

/**
 * What the server made of a message. Up: `accepted` (stored or applied) or `refused` (with why); down:
 * `sent` (handed to the broker).
 */
export type TapVerdict = 'accepted' | 'refused' | 'sent';

/**
 * Why a message was refused, for the page to phrase: the telemetry ingest's reasons (docs/TELEMETRY.md),
 * `ack` for an acknowledgement the command service refused, `other` for anything else.
 */
export const TAP_REFUSALS = [
  'json',
  'schema',
  'unknownDevice',
  'wrongDevice',
  'unknownKey',
  'outOfRange',
  'badTime',
  'ack',
  'other',
] as const;
export type TapRefusal = (typeof TAP_REFUSALS)[number];

export interface TapEntry {
  /** Increases by one per message of this device's buffer: the page's key and duplicate check. */
  seq: number;
  /**
   * When the server had handled it (up: received and its handlers settled; down: published), epoch ms.
   * Strictly increasing within a device's buffer (a burst in one millisecond is spread over the next ones), so
   * it serves as the page's cursor.
   */
  at: number;
  direction: (typeof TAP_DIRECTIONS)[number];
  channel: TapChannelName;
  topic: string;
  /** The raw payload as text; user- and device-typed: shown as text, never as HTML. */
  payload: string;
  /** The payload was longer than TESTING_PAYLOAD_MAX and was cut. */
  truncated: boolean;
  verdict: TapVerdict;
  /** Set when refused. */
  refusal: TapRefusal | null;
  /** The server's own words on the refusal (English, naming the key or field); '' otherwise. */
  reason: string;
}

export interface TestingMessages {
  device: TestingDevice;
  /**
   * When the server began watching the device. A new value means the watch lapsed (no poll for TESTING_IDLE_MS,
   * e.g. a background tab) and started again: `seq` starts over.
   */
  since: number;
  /** Oldest first, at most TESTING_BUFFER. */
  list: TapEntry[];
  /** Messages that dropped off the buffer since watching began (the page was slower than the device). */
  dropped: number;
}

export interface TestingLogin {
  token: string;
  expiresAt: number;
  device: TestingDevice;
}

export * from './testingCommands';
