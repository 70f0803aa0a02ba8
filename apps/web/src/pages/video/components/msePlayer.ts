/**
 * Sub-second live video (docs/VIDEO.md): the server sends fragmented MP4 over a WebSocket (a text message
 * `{codec}`, the init segment, then 100 ms fragments) and this appends it to a Media Source. The buffer is
 * kept short: played parts are removed, and a picture more than half a second behind the newest frame jumps
 * to it. Where this cannot run (no Media Source, no H.264 in it, a refused or dropped socket) the tile falls
 * back to HLS (`nextLiveMode`).
 */

/** Behind the newest frame by more than this (s): jump to it. */
export const MAX_BEHIND_S = 0.5;
/** Where a jump lands, behind the newest frame (s): a little room for the next fragment. */
const EDGE_S = 0.1;
/**
 * At most one jump per this long (ms): each jump is a seek, and a decoder that is slow (nine tiles on a
 * busy machine) and jumped at every fragment showed almost no frames at all.
 */
const JUMP_EVERY_MS = 2000;
/** Played video kept (s) before it is removed from the buffer. */
const KEEP_S = 3;

type MseWindow = Pick<typeof globalThis, 'location'> & {
  MediaSource?: { isTypeSupported(type: string): boolean };
  WebSocket?: unknown;
};

/** The browser can play the low-latency path: Media Source with H.264, and WebSockets. */
export function mseSupported(w: MseWindow = globalThis as MseWindow): boolean {
  try {
    return !!w.WebSocket && !!w.MediaSource?.isTypeSupported('video/mp4; codecs="avc1.42E01E"');
  } catch {
    return false;
  }
}

/** The WebSocket address of a same-origin path (`/api/video/live/…`), on this page's host and scheme. */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

/**
 * Where the picture should be now: `null` to stay, else the time to jump to (the live edge), when it is
 * more than MAX_BEHIND_S behind the newest buffered frame or before the buffer's start.
 */
export function liveEdgeJump(currentTime: number, bufferedStart: number, bufferedEnd: number): number | null {
  if (bufferedEnd - currentTime > MAX_BEHIND_S || currentTime < bufferedStart)
    return Math.max(bufferedStart, bufferedEnd - EDGE_S);
  return null;
}

/** Plays `path` in `video`; answers a function that ends it. `onError` once, when the path fails. */
export function playMse(video: HTMLVideoElement, path: string, onError: (message: string) => void): () => void {
  const ws = new WebSocket(socketUrl(path, window.location));
  ws.binaryType = 'arraybuffer';
  const source = new MediaSource();
  const objectUrl = URL.createObjectURL(source);
  const queue: ArrayBuffer[] = [];
  let buffer: SourceBuffer | null = null;
  let codec: string | null = null;
  let over = false;
  let jumpedAt = 0;
  const fail = (m: string) => {
    if (over) return;
    over = true;
    onError(m);
  };

  const pump = () => {
    if (!buffer || buffer.updating || over) return;
    const b = buffer.buffered;
    if (b.length > 0) {
      const start = b.start(0);
      const end = b.end(b.length - 1);
      const jump = liveEdgeJump(video.currentTime, start, end);
      if (jump !== null && (video.currentTime < start || Date.now() - jumpedAt > JUMP_EVERY_MS)) {
        jumpedAt = Date.now();
        video.currentTime = jump;
      }
      if (video.currentTime - start > KEEP_S + 1) {
        buffer.remove(start, video.currentTime - KEEP_S);
        return;
      }
    }
    const next = queue.shift();
    if (!next) return;
    try {
      buffer.appendBuffer(next);
    } catch (err) {
      // a full buffer (QuotaExceededError) or a closed source: HLS takes over
      fail((err as Error).message);
    }
  };

  const open = () => {
    if (!codec || buffer || source.readyState !== 'open') return;
    try {
      buffer = source.addSourceBuffer(`video/mp4; codecs="${codec}"`);
    } catch (err) {
      return fail((err as Error).message);
    }
    buffer.addEventListener('updateend', pump);
    buffer.addEventListener('error', () => fail('media source error'));
    pump();
  };
  source.addEventListener('sourceopen', open);
  video.src = objectUrl;

  ws.onmessage = (e: MessageEvent<ArrayBuffer | string>) => {
    if (typeof e.data === 'string') {
      codec = (JSON.parse(e.data) as { codec: string }).codec;
      if (!MediaSource.isTypeSupported(`video/mp4; codecs="${codec}"`)) return fail(`${codec} is not supported`);
      return open();
    }
    queue.push(e.data);
    pump();
  };
  ws.onerror = () => fail('live socket error');
  ws.onclose = (e) => fail(`live socket closed (${e.code}${e.reason ? `: ${e.reason}` : ''})`);

  return () => {
    over = true;
    ws.onclose = null;
    ws.close();
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(objectUrl);
  };
}

/** How a tile asks for live video: the low-latency path first where it can run, HLS after it failed. */
export type LiveMode = 'mse' | 'hls';

/** The first mode of a tile: `mse` where the browser can play it. */
export const firstLiveMode = (w?: MseWindow): LiveMode => (mseSupported(w) ? 'mse' : 'hls');

/**
 * After the player failed in `mode`: the mode to ask play again in (HLS after the low-latency path), or
 * null when HLS failed too (the tile shows the error and its retry button).
 */
export const nextLiveMode = (mode: LiveMode): LiveMode | null => (mode === 'mse' ? 'hls' : null);
