import {
  TAP_REFUSALS,
  type TapEntry,
  type TapRefusal,
  TESTING_BUFFER,
  TESTING_IDLE_MS,
  TESTING_PAYLOAD_MAX,
} from '@farmpark/contracts';
import type { DeviceTap, TapMessage } from '../../mqtt/deviceTap';
import { RefusedAck } from '../commands/service';
import { RefusedMessage } from '../telemetry/ingest';

/** The kind and words of a handler's refusal; the message is the server's own (no secrets in it). */
function refusalOf(err: unknown): { refusal: TapRefusal; reason: string } {
  const reason = err instanceof Error ? err.message : String(err);
  if (err instanceof RefusedMessage && (TAP_REFUSALS as readonly string[]).includes(err.reason))
    return { refusal: err.reason, reason };
  if (err instanceof RefusedAck) return { refusal: 'ack', reason };
  return { refusal: 'other', reason };
}

export function toEntry(m: TapMessage, seq: number, at: number): TapEntry {
  const truncated = m.payload.length > TESTING_PAYLOAD_MAX;
  const first = m.refusals[0];
  const refused = first !== undefined ? refusalOf(first) : null;
  return {
    seq,
    at,
    direction: m.direction,
    channel: m.channel,
    topic: m.topic,
    payload: truncated ? m.payload.slice(0, TESTING_PAYLOAD_MAX) : m.payload,
    truncated,
    verdict: m.direction === 'down' ? 'sent' : refused ? 'refused' : 'accepted',
    refusal: refused?.refusal ?? null,
    reason: refused?.reason ?? '',
  };
}

interface Watch {
  serial: string;
  since: number;
  entries: TapEntry[];
  seq: number;
  /** `at` of the newest entry: entries are stamped in the order they are recorded, never going back. */
  lastAt: number;
  dropped: number;
  polledAt: number;
  /** Polls held until the next message (or their hold runs out). */
  waiters: Set<() => void>;
  stop: () => void;
}

/**
 * Which devices pages are watching, each with a bounded buffer of its last TESTING_BUFFER messages shared by
 * its watchers. A watch starts with the first poll and ends TESTING_IDLE_MS after the last: a closed page
 * leaves nothing behind, and a device nobody watches costs the tap one Map lookup per message.
 */
export function createWatches(tap: DeviceTap, opts: { now?: () => number; idleMs?: number } = {}) {
  const now = opts.now ?? Date.now;
  const idleMs = opts.idleMs ?? TESTING_IDLE_MS;
  const watches = new Map<number, Watch>();

  const end = (deviceId: number) => {
    const w = watches.get(deviceId);
    w?.stop();
    for (const wake of [...(w?.waiters ?? [])]) wake();
    watches.delete(deviceId);
  };
  const sweeper = setInterval(
    () => {
      const t = now();
      for (const [id, w] of watches) if (t - w.polledAt > idleMs) end(id);
    },
    Math.max(1000, Math.floor(idleMs / 3)),
  );
  sweeper.unref();

  function start(deviceId: number, serial: string): Watch {
    const w: Watch = {
      serial,
      since: now(),
      entries: [],
      seq: 0,
      lastAt: 0,
      dropped: 0,
      polledAt: now(),
      waiters: new Set(),
      stop: () => {},
    };
    w.stop = tap.watch(serial, (m) => {
      // Strictly increasing, so `at` is an exact cursor: "after this one" misses nothing and repeats nothing.
      w.lastAt = Math.max(now(), w.lastAt + 1);
      w.entries.push(toEntry(m, ++w.seq, w.lastAt));
      if (w.entries.length > TESTING_BUFFER) {
        w.entries.shift();
        w.dropped++;
      }
      for (const wake of [...w.waiters]) wake();
    });
    watches.set(deviceId, w);
    return w;
  }

  return {
    /**
     * The buffered messages after `startTime` (all without it); starts watching the device. With a cursor and
     * nothing new, the answer waits up to `holdMs` for the next message, so it reaches the page at once.
     */
    async poll(
      device: { deviceId: number; serial: string },
      startTime?: number,
      holdMs = 0,
    ): Promise<{ list: TapEntry[]; dropped: number; since: number }> {
      let w = watches.get(device.deviceId);
      // A device that got a new serial is watched under the new one.
      if (w && w.serial !== device.serial) {
        end(device.deviceId);
        w = undefined;
      }
      w ??= start(device.deviceId, device.serial);
      w.polledAt = now();
      const watch = w;
      const after = () =>
        startTime === undefined ? [...watch.entries] : watch.entries.filter((e) => e.at > startTime);
      let list = after();
      if (list.length === 0 && startTime !== undefined && holdMs > 0) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            watch.waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, holdMs);
          watch.waiters.add(wake);
        });
        watch.polledAt = now();
        list = after();
      }
      return { list, dropped: watch.dropped, since: watch.since };
    },
    watching: (deviceId: number) => watches.has(deviceId),
    close() {
      clearInterval(sweeper);
      for (const id of [...watches.keys()]) end(id);
    },
  };
}
export type Watches = ReturnType<typeof createWatches>;
