import '../areaTexts';
import type { WallSplit, WallTile, WallTour, WallView } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getWallLayouts, removeWallLayout, saveWallView } from '../../../api/video';
import { TourDialog, ViewDialog } from './LayoutDialogs';

const KEY = ['video', 'wallLayouts'];

/** The wall's tiles (16, a camera id or null) as a view's tiles, and back. */
export const tilesOf = (split: number, tiles: (number | null)[]): WallTile[] =>
  tiles.slice(0, split).flatMap((cameraId, tile) => (cameraId === null ? [] : [{ tile, cameraId }]));
const wallOf = (view: WallView): (number | null)[] => {
  const tiles: (number | null)[] = Array(16).fill(null);
  for (const t of view.tiles) tiles[t.tile] = t.cameraId;
  return tiles;
};

interface Props {
  split: WallSplit;
  tiles: (number | null)[];
  onApply: (split: WallSplit, tiles: (number | null)[]) => void;
}

/**
 * The user's saved views (open, save the wall as one, update, delete) and tours (a rotation through
 * views, each shown for its seconds until stopped). Kept on the server, so they follow the user.
 */
export default function WallLayoutsBar({ split, tiles, onApply }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const layouts = useQuery({ queryKey: KEY, queryFn: getWallLayouts });
  const views = layouts.data?.views ?? [];
  const tours = layouts.data?.tours ?? [];
  const [viewId, setViewId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'view' | 'tour' | null>(null);
  const [touring, setTouring] = useState<{ tour: WallTour; step: number } | null>(null);
  const view = views.find((v) => v.id === viewId) ?? null;
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });

  const open = (v: WallView) => {
    setViewId(v.id);
    onApply(v.split, wallOf(v));
  };

  // A tour shows its next view after its seconds; the views are read as saved now (a removed one is skipped).
  const tourViews = touring ? touring.tour.viewIds.flatMap((id) => views.filter((v) => v.id === id)) : [];
  const shown = tourViews.length > 0 && touring ? tourViews[touring.step % tourViews.length] : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a step shows its view once; `open` is new each render
  useEffect(() => {
    if (!touring) return;
    if (!shown) {
      setTouring(null);
      return;
    }
    open(shown);
    const timer = setTimeout(
      () => setTouring((s) => (s ? { ...s, step: s.step + 1 } : s)),
      touring.tour.viewSeconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [touring, shown?.id]);

  const update = async () => {
    if (!view) return;
    try {
      await saveWallView({ id: view.id, name: view.name, split, tiles: tilesOf(split, tiles) });
      message.success(t('video.wall.viewSaved', { name: view.name }));
      await reload();
    } catch {
      // the request client has said why
    }
  };
  const remove = async (id: number) => {
    try {
      await removeWallLayout(id);
      message.success(t('video.wall.removed'));
      if (id === viewId) setViewId(null);
      if (id === touring?.tour.id) setTouring(null);
      await reload();
    } catch {
      // the request client has said why
    }
  };

  if (layouts.isError)
    return <Alert type="warning" showIcon title={t('video.wall.loadFailed')} style={{ marginBottom: 8 }} />;
  return (
    <div style={{ marginBottom: 8 }} data-testid="wall-layouts">
      <Space wrap>
        <Select
          style={{ minWidth: 180 }}
          loading={layouts.isPending}
          placeholder={t('video.wall.viewPlaceholder')}
          notFoundContent={t('video.wall.noViews')}
          value={viewId ?? undefined}
          options={views.map((v) => ({ value: v.id, label: v.name }))}
          onChange={(id: number) => {
            setTouring(null);
            const v = views.find((x) => x.id === id);
            if (v) open(v);
          }}
          aria-label={t('video.wall.views')}
          data-testid="wall-view-select"
        />
        <Button onClick={() => setDialog('view')} data-testid="wall-view-new">
          {t('video.wall.saveView')}
        </Button>
        {view && (
          <>
            <Button onClick={() => void update()} data-testid="wall-view-update">
              {t('video.wall.updateView')}
            </Button>
            <Popconfirm
              title={t('video.wall.removeViewConfirm', { name: view.name })}
              onConfirm={() => remove(view.id)}
            >
              <Button danger data-testid="wall-view-remove">
                {t('video.wall.removeView')}
              </Button>
            </Popconfirm>
          </>
        )}
        <Select
          style={{ minWidth: 160 }}
          placeholder={t('video.wall.tourPlaceholder')}
          value={touring?.tour.id}
          options={tours.map((x) => ({ value: x.id, label: x.name }))}
          notFoundContent={t('video.wall.tourNeedsViews')}
          onChange={(id: number) => {
            const tour = tours.find((x) => x.id === id);
            if (tour) setTouring({ tour, step: 0 });
          }}
          aria-label={t('video.wall.tours')}
          data-testid="wall-tour-select"
        />
        <Button
          onClick={() => (views.length < 2 ? message.info(t('video.wall.tourNeedsViews')) : setDialog('tour'))}
          data-testid="wall-tour-new"
        >
          {t('video.wall.newTour')}
        </Button>
      </Space>
      {touring && shown && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 8 }}
          data-testid="wall-touring"
          title={t('video.wall.touring', {
            name: touring.tour.name,
            n: (touring.step % tourViews.length) + 1,
            total: tourViews.length,
            s: touring.tour.viewSeconds,
          })}
          action={
            <Space>
              <Button size="small" onClick={() => setTouring(null)} data-testid="wall-tour-stop">
                {t('video.wall.stopTour')}
              </Button>
              <Popconfirm
                title={t('video.wall.removeTourConfirm', { name: touring.tour.name })}
                onConfirm={() => remove(touring.tour.id)}
              >
                <Button size="small" danger>
                  {t('video.wall.removeTour')}
                </Button>
              </Popconfirm>
            </Space>
          }
        />
      )}
      {dialog === 'view' && (
        <ViewDialog
          split={split}
          tiles={tilesOf(split, tiles)}
          onClose={() => setDialog(null)}
          onSaved={(v) => {
            setDialog(null);
            setViewId(v.id);
            void reload();
          }}
        />
      )}
      {dialog === 'tour' && (
        <TourDialog
          views={views}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void reload();
          }}
        />
      )}
    </div>
  );
}
