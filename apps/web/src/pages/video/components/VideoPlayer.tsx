import { useEffect, useRef } from 'react';
import { playMse } from './msePlayer';

export interface VideoSource {
  kind: 'hls' | 'flv' | 'mp4' | 'mse';
  url: string;
}

interface Props {
  source: VideoSource;
  /** A fatal playback error (network, decode): the tile shows it and may ask for a new address. */
  onError?: (message: string) => void;
  /** The first frame is on screen. */
  onPlaying?: () => void;
  controls?: boolean;
  testId?: string;
}

/**
 * The one video element of the console (ARCHITECTURE: hls.js, mpegts.js for FLV; `mse`: fMP4 over a
 * WebSocket into Media Source, msePlayer.ts, the low-latency live path). The libraries load
 * only when a player needs them, so no page's first load carries them. Live video is muted (browsers
 * refuse to autoplay sound) and plays inline on phones.
 */
export default function VideoPlayer({ source, onError, onPlaying, controls, testId }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const errorRef = useRef(onError);
  errorRef.current = onError;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let disposed = false;
    let destroy: () => void = () => {};
    const fail = (m: string) => {
      if (!disposed) errorRef.current?.(m);
    };
    const start = async () => {
      const native = () => {
        video.src = source.url;
        destroy = () => {
          video.removeAttribute('src');
          video.load();
        };
      };
      if (source.kind === 'mp4') native();
      else if (source.kind === 'mse') destroy = playMse(video, source.url, fail);
      else if (source.kind === 'hls') {
        const { default: Hls } = await import('hls.js');
        if (disposed) return;
        // hls.js wherever Media Source works: Chromium's own HLS (when it claims one) is not reliable on
        // live playlists; only iPhones, which lack Media Source, use the native player
        if (!Hls.isSupported()) native();
        else {
          // live: stay near the edge; a short buffer keeps nine tiles light
          const hls = new Hls({ lowLatencyMode: false, liveSyncDurationCount: 2, maxBufferLength: 10 });
          hls.on(Hls.Events.ERROR, (_e, data) => {
            if (data.fatal) fail(`${data.type}: ${data.details}`);
          });
          hls.loadSource(source.url);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
        }
      } else {
        const { default: mpegts } = await import('mpegts.js');
        if (disposed) return;
        if (!mpegts.isSupported()) return fail('FLV is not supported by this browser');
        const player = mpegts.createPlayer({ type: 'flv', isLive: true, url: source.url });
        player.on(mpegts.Events.ERROR, (type: string, detail: string) => fail(`${type}: ${detail}`));
        player.attachMediaElement(video);
        player.load();
        destroy = () => player.destroy();
      }
      video.play().catch(() => {
        // autoplay refused or interrupted by a new source: the controls (or the next source) take over
      });
    };
    start().catch((err: Error) => fail(err.message));
    return () => {
      disposed = true;
      destroy();
    };
  }, [source.kind, source.url]);

  return (
    <video
      ref={ref}
      muted
      playsInline
      autoPlay
      controls={controls}
      onPlaying={onPlaying}
      onError={() => fail(ref.current?.error?.message ?? 'media error')}
      data-testid={testId}
      style={{ width: '100%', height: '100%', objectFit: 'contain', background: '#000', display: 'block' }}
    />
  );

  function fail(m: string) {
    errorRef.current?.(m);
  }
}
