import { parseDeviceUpTopic } from '@farmpark/contracts';
import { createDeviceTap, type DeviceTap } from './deviceTap';

/**
 * The one seam between MQTT transports (embedded Aedes, or an external broker via MQTT_URL) and the
 * modules that handle what devices send. A transport calls `dispatch` and acknowledges the publish
 * (PUBACK) only once it resolves.
 */
export type DeviceChannel = 'telemetry' | 'event' | 'ack' | 'status';

export interface DeviceMessage {
  serial: string;
  channel: DeviceChannel;
  payload: Buffer;
  receivedAt: number;
  /** set by the embedded broker when the sender authenticated as a device; absent with an external broker */
  deviceId?: number;
}

/**
 * Resolving means "durably handled": only then is a QoS 1 publish acknowledged (PUBACK). Rejecting or
 * throwing never crashes anything: the message is counted as refused and still acknowledged (a device must
 * not resend a message that can never be stored).
 */
export type DeviceMessageHandler = (msg: DeviceMessage) => Promise<void>;

export interface DeviceMessageBus {
  on(channel: DeviceChannel, handler: DeviceMessageHandler): void;
  dispatch(msg: DeviceMessage): Promise<void>;
  /** Messages whose handler rejected, per channel (the handler counts its own reasons in detail). */
  readonly failures: Readonly<Record<DeviceChannel, number>>;
  /** Device debugging (/testing): sees the messages of watched devices with their handlers' verdicts (optional: a bus made by hand, as in tests, has none). */
  readonly tap?: DeviceTap;
}

export interface DeviceMessageBusOptions {
  /** Told about every handler failure; never allowed to throw into the transport. */
  onError?: (msg: DeviceMessage, err: unknown) => void;
}

/**
 * Several handlers may listen on one channel (e.g. ingest and a rule evaluator); dispatch resolves when
 * all of them have settled. A channel nobody listens to resolves at once: the message is acknowledged
 * and dropped, which is what a device needs (it must not resend forever).
 */
export function createDeviceMessageBus(
  options: DeviceMessageBusOptions = {},
): DeviceMessageBus & { readonly tap: DeviceTap } {
  const handlers = new Map<DeviceChannel, DeviceMessageHandler[]>();
  const failures: Record<DeviceChannel, number> = { telemetry: 0, event: 0, ack: 0, status: 0 };
  const tap = createDeviceTap();

  const runOne = async (handler: DeviceMessageHandler, msg: DeviceMessage, refusals?: unknown[]): Promise<void> => {
    try {
      await handler(msg);
    } catch (err) {
      failures[msg.channel]++;
      refusals?.push(err);
      try {
        options.onError?.(msg, err);
      } catch {
        // a broken logger must not turn into an unacknowledged publish
      }
    }
  };

  return {
    failures,
    tap,
    on(channel, handler) {
      const list = handlers.get(channel) ?? [];
      list.push(handler);
      handlers.set(channel, list);
    },
    async dispatch(msg) {
      const list = handlers.get(msg.channel) ?? [];
      // Only a watched device pays for collecting verdicts (one Map lookup otherwise).
      const refusals = tap.watching(msg.serial) ? [] : undefined;
      if (list.length === 1) await runOne(list[0], msg, refusals);
      else if (list.length > 1) await Promise.all(list.map((h) => runOne(h, msg, refusals)));
      if (refusals) tap.up(msg, refusals);
    },
  };
}

/** Hands a publish on `dev/{serial}/up/{channel}` to the bus; other topics resolve at once. Never rejects. */
export function dispatchUpPublish(
  bus: DeviceMessageBus,
  topic: string,
  payload: Buffer | string,
  deviceId?: number,
): Promise<void> {
  const up = parseDeviceUpTopic(topic);
  if (!up) return Promise.resolve();
  return bus.dispatch({
    serial: up.serial,
    channel: up.channel,
    payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
    receivedAt: Date.now(),
    ...(deviceId !== undefined ? { deviceId } : {}),
  });
}
