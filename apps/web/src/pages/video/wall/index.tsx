import '../areaTexts';
import type { CameraPurpose } from '@farmpark/contracts';
import { Alert, Card, Grid, Segmented, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import CameraTree from '../components/CameraTree';
import { useWallCameras, type WallCamera } from '../components/useCameras';
import VideoTile from '../components/VideoTile';
import Playback from './Playback';
import WallLayoutsBar from './WallLayoutsBar';

const SPLITS = [1, 4, 9, 16] as const;

/**
 * The live wall (issue 15 item 5): camera tree by park, 1/4/9/16 tiles, drag a camera onto a tile or
 * pick it and tap a tile (phones), playback of recordings in the second tab. One column on a phone.
 */
function Wall({ purpose, testId }: { purpose?: CameraPurpose; testId: string }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const { cameras, parkName, isPending } = useWallCameras(purpose);
  const [split, setSplit] = useState<(typeof SPLITS)[number]>(4);
  const [tiles, setTiles] = useState<(number | null)[]>(() => Array(16).fill(null));
  const [picked, setPicked] = useState<WallCamera | null>(null);
  const cameraOf = (id: number | null) => cameras.find((c) => c.id === id) ?? null;
  // `?camera=` (an alarm's "watch live") opens that camera alone, once the list has it
  const [search] = useSearchParams();
  const asked = Number(search.get('camera'));
  const askedKnown = cameras.some((c) => c.id === asked);
  useEffect(() => {
    if (!askedKnown) return;
    setSplit(1);
    setTiles((old) => [asked, ...old.slice(1).map((v) => (v === asked ? null : v))]);
  }, [asked, askedKnown]);
  // fetch the player library while the operator picks a camera, not after the click
  useEffect(() => {
    void import('hls.js');
  }, []);

  const place = (index: number, cameraId: number) => {
    setTiles((old) => old.map((v, i) => (i === index ? cameraId : v === cameraId ? null : v)));
    setPicked(null);
  };
  const pick = (camera: WallCamera | null) => {
    setPicked(camera);
    // with one empty tile in view, a pick fills it at once
    if (!camera) return;
    const free = tiles.slice(0, split).indexOf(null);
    if (free >= 0 && !tiles.includes(camera.id)) place(free, camera.id);
  };
  const columns = phone ? 1 : Math.sqrt(split);

  const live = (
    <div style={{ display: 'flex', gap: 12, flexDirection: phone ? 'column' : 'row', alignItems: 'flex-start' }}>
      {/* on a phone the video comes first, the tree below it */}
      <Card
        size="small"
        title={t('video.cameras')}
        style={{ width: phone ? '100%' : 240, flex: 'none', order: phone ? 1 : 0 }}
      >
        <CameraTree
          cameras={cameras}
          loading={isPending}
          parkName={parkName}
          selected={picked?.id ?? null}
          onSelect={pick}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0, width: '100%' }}>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8, flexWrap: 'wrap' }}>
          <span>{t('video.split')}</span>
          <Segmented
            options={SPLITS.map((n) => ({ value: n, label: String(n) }))}
            value={split}
            onChange={(v) => setSplit(v as (typeof SPLITS)[number])}
            data-testid="wall-split"
          />
        </div>
        <WallLayoutsBar
          split={split}
          tiles={tiles}
          onApply={(s, next) => {
            setSplit(s);
            setTiles(next);
          }}
        />
        {picked && (
          <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('video.placing', { name: picked.name })} />
        )}
        <div
          data-testid="wall-grid"
          style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 4 }}
        >
          {tiles.slice(0, split).map((cameraId, i) => (
            <VideoTile
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position on the wall
              key={i}
              index={i}
              camera={cameraOf(cameraId)}
              placing={picked !== null}
              onPlace={(id) => place(i, id)}
              onTap={() => picked && place(i, picked.id)}
              onClear={() => setTiles((old) => old.map((v, j) => (j === i ? null : v)))}
            />
          ))}
        </div>
      </div>
    </div>
  );

  return (
    <Tabs
      data-testid={testId}
      items={[
        { key: 'live', label: t('video.live'), children: live },
        {
          key: 'playback',
          label: t('video.playback'),
          children: <Playback cameras={cameras} />,
          destroyOnHidden: true,
        },
      ]}
    />
  );
}

export function VideoWall() {
  return <Wall testId="video-wall" />;
}

export function DisasterWall() {
  return <Wall purpose="disaster" testId="disaster-wall" />;
}
