/**
 * The device-debugging tap (/testing, docs/TESTING_PAGE.md): every message of a WATCHED device, both
 * ways, with what the server made of it. Transports and the bus call it on every message, so the
 * unwatched path is one Map lookup and nothing else: no decoding, no copying, no allocation.
 */
export type TapChannel = 'telemetry' | 'event' | 'ack' | 'status' | 'cmd';

/** The part of a bus message the tap reads (deviceMessages.ts imports this file, not the other way round). */
interface UpMessage {
  serial: string;
  channel: TapChannel;
  payload: Buffer;
  receivedAt: number;
}

export interface TapMessage {
  serial: string;
  direction: 'up' | 'down';
  channel: TapChannel;
  topic: string;
  /** The raw bytes as text (up) or the JSON the server published (down). */
  payload: string;
  /** When the server received (up) or published (down) it, epoch ms. */
  at: number;
  /** Up: what the handlers said; empty means accepted (stored, or applied). Down: always empty. */
  refusals: readonly unknown[];
}

export type TapListener = (m: TapMessage) => void;

export interface DeviceTap {
  /** Starts watching a serial; returns the function that stops this listener. */
  watch(serial: string, listener: TapListener): () => void;
  /** Cheap test the hot path uses before anything else. */
  watching(serial: string): boolean;
  /** An up message after its handlers settled (refusals: what they threw). */
  up(msg: UpMessage, refusals: readonly unknown[]): void;
  /** A publish from the server; only `dev/{serial}/down/{channel}` topics are looked at. */
  down(topic: string, payload: unknown): void;
}

const DOWN = /^dev\/([^/]+)\/down\/(.+)$/;

export function createDeviceTap(): DeviceTap {
  const listeners = new Map<string, Set<TapListener>>();

  const emit = (serial: string, m: TapMessage) => {
    for (const l of listeners.get(serial) ?? []) {
      try {
        l(m);
      } catch {
        // a broken watcher must never disturb the device's own traffic
      }
    }
  };

  return {
    watch(serial, listener) {
      const set = listeners.get(serial) ?? new Set();
      set.add(listener);
      listeners.set(serial, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(serial) === set) listeners.delete(serial);
      };
    },
    watching: (serial) => listeners.has(serial),
    up(msg, refusals) {
      if (!listeners.has(msg.serial)) return;
      emit(msg.serial, {
        serial: msg.serial,
        direction: 'up',
        channel: msg.channel,
        topic: `dev/${msg.serial}/up/${msg.channel}`,
        payload: msg.payload.toString('utf8'),
        at: msg.receivedAt,
        refusals,
      });
    },
    down(topic, payload) {
      if (listeners.size === 0 || !topic.startsWith('dev/')) return;
      const m = DOWN.exec(topic);
      if (!m || !listeners.has(m[1])) return;
      emit(m[1], {
        serial: m[1],
        direction: 'down',
        channel: m[2] === 'cmd' ? 'cmd' : (m[2] as TapChannel),
        topic,
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        at: Date.now(),
        refusals: [],
      });
    },
  };
}
