import { CloseOutlined, ControlOutlined, FullscreenOutlined } from '@ant-design/icons';
import type { PlayAnswer } from '@farmpark/contracts';
import { Button, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playCamera } from '../../../api/video';
import { DRAG_TYPE } from './CameraTree';
import { firstLiveMode, type LiveMode, nextLiveMode } from './msePlayer';
import PtzPad from './PtzPad';
import PtzPresets from './PtzPresets';
import SnapshotButton from './SnapshotButton';
import TileButton from './TileButton';
import type { WallCamera } from './useCameras';
import VideoPlayer from './VideoPlayer';

interface Props {
  index: number;
  camera: WallCamera | null;
  /** A camera is picked in the tree and waits for a tile (phones: tap instead of drag). */
  placing: boolean;
  onPlace: (cameraId: number) => void;
  onClear: () => void;
  onTap: () => void;
}

type View =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'playing'; answer: PlayAnswer & { ok: true } }
  | {
      state: 'error';
      message: string;
      /** The server's cause (a CameraFault), when it named one. */
      reason?: string;
    };

/** Plays only while on screen: a tile scrolled away (or a hidden tab) stops its stream. */
function useVisible(ref: React.RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const io = new IntersectionObserver(([e]) => setVisible(e.isIntersecting), { threshold: 0.1 });
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return visible;
}

/** One tile of the wall: a drop target, the camera's live picture, its tools and its states. */
export default function VideoTile({ index, camera, placing, onPlace, onClear, onTap }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const visible = useVisible(box);
  const [view, setView] = useState<View>({ state: 'idle' });
  const [showPtz, setShowPtz] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // the low-latency path first; HLS for this tile after it failed (until a retry or another camera)
  const [mode, setMode] = useState<LiveMode>(() => firstLiveMode());
  const cameraId = camera?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new camera tries the low-latency path again
  useEffect(() => setMode(firstLiveMode()), [cameraId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again on purpose (retry, renewal)
  useEffect(() => {
    if (cameraId === null || !visible) {
      setView({ state: 'idle' });
      return;
    }
    let cancelled = false;
    setView({ state: 'loading' });
    playCamera(cameraId, mode === 'mse')
      .then((answer) => {
        if (cancelled) return;
        if (answer.ok) setView({ state: 'playing', answer });
        else
          setView({
            state: 'error',
            message: t(`video.refused.${answer.reason}`, answer.message),
            reason: answer.reason,
          });
      })
      .catch((err: Error) => !cancelled && setView({ state: 'error', message: err.message }));
    return () => {
      cancelled = true;
    };
  }, [cameraId, visible, attempt, mode, t]);

  // the address is signed for a while: ask again a little before it expires
  useEffect(() => {
    if (view.state !== 'playing') return;
    const wait = view.answer.expiresAt - Date.now() - 10_000;
    if (wait <= 0) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [view]);

  // the low-latency path failed (no Media Source for this codec, a refused or dropped socket): HLS instead
  const onError = useCallback(
    (message: string) => {
      const next = nextLiveMode(mode);
      if (next) setMode(next);
      else setView({ state: 'error', message });
    },
    [mode],
  );
  const retry = () => {
    setMode(firstLiveMode());
    setAttempt((n) => n + 1);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; it becomes a button while a camera waits to be placed
    <div
      ref={box}
      data-testid={`tile-${index}`}
      data-camera={cameraId ?? ''}
      data-live-mode={view.state === 'playing' ? view.answer.kind : undefined}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={(e) => {
        const id = Number(e.dataTransfer.getData(DRAG_TYPE));
        if (id) onPlace(id);
      }}
      onClick={placing ? onTap : undefined}
      onKeyDown={placing ? (e) => e.key === 'Enter' && onTap() : undefined}
      role={placing ? 'button' : undefined}
      tabIndex={placing ? 0 : undefined}
      style={{
        position: 'relative',
        background: '#111',
        aspectRatio: '16 / 9',
        minHeight: 0,
        outline: placing ? '2px dashed #1677ff' : '1px solid #333',
        cursor: placing ? 'copy' : undefined,
        overflow: 'hidden',
      }}
    >
      {camera && (
        <div
          style={{
            position: 'absolute',
            zIndex: 2,
            top: 0,
            left: 0,
            right: 0,
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            padding: '2px 6px',
            background: 'linear-gradient(rgba(0,0,0,.7), transparent)',
          }}
        >
          <Typography.Text ellipsis style={{ color: '#fff', flex: 1, fontSize: 12 }}>
            {camera.name}
          </Typography.Text>
          <Space size={2}>
            {camera.ptz && (
              <TileButton
                title={t('video.ptz')}
                icon={<ControlOutlined />}
                onClick={() => setShowPtz((s) => !s)}
                testId={`tile-ptz-${index}`}
              />
            )}
            <SnapshotButton cameraId={camera.id} name={camera.name} testId={`tile-snapshot-${index}`} />
            <TileButton
              title={t('video.fullscreen')}
              icon={<FullscreenOutlined />}
              onClick={() => void box.current?.requestFullscreen?.()}
            />
            <TileButton
              title={t('video.close')}
              icon={<CloseOutlined />}
              onClick={onClear}
              testId={`tile-close-${index}`}
            />
          </Space>
        </div>
      )}
      {view.state === 'playing' && (
        <VideoPlayer
          source={{ kind: view.answer.kind, url: view.answer.url }}
          onError={onError}
          testId={`tile-video-${index}`}
        />
      )}
      <div
        style={{
          position: 'absolute',
          inset: 0,
          display: view.state === 'playing' ? 'none' : 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexDirection: 'column',
          gap: 8,
          color: '#bbb',
          padding: 12,
          textAlign: 'center',
          fontSize: 12,
        }}
      >
        {!camera && <span>{t('video.dropHere')}</span>}
        {view.state === 'loading' && (
          <>
            <Spin />
            <span>{t('video.loading')}</span>
          </>
        )}
        {view.state === 'error' && (
          <>
            {/* the cause the server named, in words (not "offline" for every failure) */}
            <span data-testid={`tile-error-${index}`} data-reason={view.reason}>
              {view.message}
            </span>
            <Button size="small" onClick={retry}>
              {t('video.retry')}
            </Button>
          </>
        )}
      </div>
      {camera?.ptz && showPtz && (
        <div style={{ position: 'absolute', zIndex: 2, right: 8, bottom: 8, opacity: 0.9 }}>
          <PtzPad cameraId={camera.id} />
          {/* solid behind the presets: the picture's own captions would show through a bare select */}
          <div style={{ marginTop: 4, background: '#fff', borderRadius: 6, padding: 2, width: 'fit-content' }}>
            <PtzPresets cameraId={camera.id} />
          </div>
        </div>
      )}
    </div>
  );
}
