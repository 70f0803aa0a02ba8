import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstLiveMode, liveEdgeJump, mseSupported, nextLiveMode, playMse, socketUrl } from './msePlayer';

const location = { protocol: 'https:', host: 'farm.example' } as Location;
const withMse = (h264: boolean) => ({
  location,
  WebSocket: class {},
  MediaSource: { isTypeSupported: (t: string) => h264 && t.includes('avc1') },
});

describe('the live mode of a tile', () => {
  it('starts on the low-latency path where Media Source plays H.264 and WebSockets exist, else on HLS', () => {
    expect(mseSupported(withMse(true))).toBe(true);
    expect(firstLiveMode(withMse(true))).toBe('mse');
    // an iPhone (no Media Source), a browser without H.264 in it, no WebSocket
    expect(firstLiveMode({ location })).toBe('hls');
    expect(firstLiveMode(withMse(false))).toBe('hls');
    expect(firstLiveMode({ ...withMse(true), WebSocket: undefined })).toBe('hls');
    const throws = {
      location,
      WebSocket: class {},
      MediaSource: {
        isTypeSupported: () => {
          throw new Error('no');
        },
      },
    };
    expect(firstLiveMode(throws)).toBe('hls');
  });

  it('falls back to HLS after the low-latency path failed, and shows the error when HLS failed too', () => {
    expect(nextLiveMode('mse')).toBe('hls');
    expect(nextLiveMode('hls')).toBeNull();
  });

  it('keeps the picture within half a second of the newest frame', () => {
    expect(liveEdgeJump(10.0, 8, 10.3)).toBeNull();
    expect(liveEdgeJump(9.0, 8, 10.0)).toBeCloseTo(9.9);
    // before the buffer (the first fragments came, playback at 0)
    expect(liveEdgeJump(0, 100.0, 100.05)).toBe(100.0);
  });

  it('opens the socket on the page host, wss behind https', () => {
    expect(socketUrl('/api/video/live/7?t=x', location)).toBe('wss://farm.example/api/video/live/7?t=x');
    expect(socketUrl('/a', { protocol: 'http:', host: 'h:8080' })).toBe('ws://h:8080/a');
  });
});

class FakeSocket {
  static last: FakeSocket;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  binaryType = '';
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {
    this.closed = true;
  }
}

class FakeMediaSource extends EventTarget {
  readyState = 'closed';
  static isTypeSupported = (t: string) => t.includes('avc1.42');
}

describe('the low-latency player', () => {
  afterEach(() => vi.unstubAllGlobals());

  const start = () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('MediaSource', FakeMediaSource);
    URL.createObjectURL = vi.fn(() => 'blob:live');
    URL.revokeObjectURL = vi.fn();
    const errors: string[] = [];
    const video = document.createElement('video');
    video.load = () => {}; // jsdom has no media
    const stop = playMse(video, '/api/video/live/3?t=tok', (m) => errors.push(m));
    return { errors, stop, socket: FakeSocket.last };
  };

  it('reports a refused or dropped socket once, so the tile falls back to HLS', () => {
    const { errors, socket } = start();
    expect(socket.url).toBe(`ws://${window.location.host}/api/video/live/3?t=tok`);
    socket.onclose?.({ code: 1006, reason: '' });
    socket.onerror?.();
    expect(errors).toEqual(['live socket closed (1006)']);
  });

  it('reports a codec the browser cannot play', () => {
    const { errors, socket } = start();
    socket.onmessage?.({ data: JSON.stringify({ codec: 'avc1.640033' }) });
    expect(errors).toEqual(['avc1.640033 is not supported']);
  });

  it('ends quietly when the tile closes it: no error, the socket closed', () => {
    const { errors, socket, stop } = start();
    stop();
    socket.onclose?.({ code: 1000, reason: '' });
    expect(socket.closed).toBe(true);
    expect(errors).toEqual([]);
  });
});
