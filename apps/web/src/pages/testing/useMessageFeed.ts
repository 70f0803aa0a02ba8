import { Code, type TapEntry, TESTING_BUFFER, TESTING_POLL_MS, type TestingDevice } from '@farmpark/contracts';
import { useEffect, useRef, useState } from 'react';
import { RequestError } from '../../api/request';
import { type FeedSource, getMessages } from '../../api/testing';

export interface Feed {
  device: TestingDevice | null;
  /** Oldest first; never more than TESTING_BUFFER (a page left open does not grow). */
  entries: TapEntry[];
  /** Messages that came and went on the server before the page could fetch them. */
  missed: number;
  /** The last failure; cleared by the next success. */
  error: string | null;
  /** A refusal that polling again cannot fix (no access, installer token ended): polling has stopped. */
  refused: RequestError | null;
  loading: boolean;
}

const EMPTY: Feed = { device: null, entries: [], missed: 0, error: null, refused: null, loading: true };
/** Codes that mean "this will not work by asking again". */
const FINAL = new Set<number>([Code.PERMISSION_DENIED, Code.NOT_FOUND, Code.VALIDATION]);
const RETRY_MS = 1000;

const keyOf = (s: FeedSource | null) => (s === null ? '' : s.kind === 'console' ? `c${s.deviceId}` : `i${s.token}`);

/**
 * Long-polls the device's messages: the server answers at once when there are messages after the cursor (the
 * `at` of the newest one held) and otherwise as soon as the next one comes, so a message shows as it arrives.
 * After an answer with messages the page waits TESTING_POLL_MS (a burst arrives in one answer, and the
 * per-session limit is never near); after an empty one it asks again at once; after a failure it waits a
 * second. Each poll keeps the server's watch alive. Messages already held are dropped by `seq`. While paused the
 * page keeps polling (the watch must not lapse) but holds new messages back, at most TESTING_BUFFER of them.
 */
export function useMessageFeed(source: FeedSource | null, paused: boolean): Feed & { clear: () => void } {
  const [feed, setFeed] = useState<Feed>(EMPTY);
  const pausedRef = useRef(paused);
  const held = useRef<TapEntry[]>([]);
  const key = keyOf(source);
  // The latest source, read when polling (re)starts; a new object with the same key is the same source.
  const sourceRef = useRef(source);
  sourceRef.current = source;

  useEffect(() => {
    pausedRef.current = paused;
    if (!paused && held.current.length > 0) {
      const add = held.current;
      held.current = [];
      setFeed((f) => ({ ...f, entries: [...f.entries, ...add].slice(-TESTING_BUFFER) }));
    }
  }, [paused]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: polling restarts only when the source (its key) changes
  useEffect(() => {
    const current = sourceRef.current;
    setFeed(EMPTY);
    held.current = [];
    if (!current) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastAt: number | undefined;
    let lastSeq = 0;
    let since: number | null = null;

    const tick = async () => {
      let next = RETRY_MS;
      try {
        const asked = Date.now();
        const r = await getMessages(current, lastAt);
        if (stopped) return;
        if (since !== null && r.since !== since) lastSeq = 0; // the watch lapsed and began again
        since = r.since;
        const fresh = r.list.filter((e) => e.seq > lastSeq);
        // Empty and quick means the server did not hold it (first poll): do not ask in a tight loop.
        next = fresh.length > 0 || Date.now() - asked < TESTING_POLL_MS ? TESTING_POLL_MS : 0;
        const gap = fresh.length > 0 && lastSeq > 0 ? Math.max(0, fresh[0].seq - lastSeq - 1) : 0;
        if (fresh.length > 0) {
          lastSeq = fresh[fresh.length - 1].seq;
          lastAt = fresh[fresh.length - 1].at;
        } else if (lastAt === undefined || lastSeq === 0) {
          // Nothing held yet: every later message of this watch is stamped after it began.
          lastAt = r.since - 1;
        }
        if (pausedRef.current) held.current = [...held.current, ...fresh].slice(-TESTING_BUFFER);
        setFeed((f) => ({
          device: r.device,
          entries:
            pausedRef.current || fresh.length === 0 ? f.entries : [...f.entries, ...fresh].slice(-TESTING_BUFFER),
          missed: f.missed + gap,
          error: null,
          refused: null,
          loading: false,
        }));
      } catch (err) {
        if (stopped) return;
        const e = err instanceof RequestError ? err : null;
        if (e?.kind === 'api' && e.code !== null && FINAL.has(e.code)) {
          setFeed((f) => ({ ...f, refused: e, loading: false }));
          return; // no more polls
        }
        setFeed((f) => ({ ...f, error: (err as Error).message, loading: false }));
      }
      if (!stopped) timer = setTimeout(tick, next);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key]);

  return { ...feed, clear: () => setFeed((f) => ({ ...f, entries: [], missed: 0 })) };
}
