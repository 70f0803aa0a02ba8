import '../areaTexts';
import type { LngLat, Park } from '@farmpark/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveDevice } from '../../../components/live/liveState';
import MapCanvas, { type MapMarker, type MapPolygon } from '../../../components/MapCanvas';
import Panel from '../Panel';
import type { Palette } from '../palette';
import css from '../screen.module.css';
import { useFittedView } from '../useFittedView';
import type { ParkMapData } from '../useParkMap';

/**
 * The park's own boundary and plots with its devices as dots coloured by status (alarm, online,
 * offline); no tiles are needed. Names go to the map as text nodes (MapCanvas/mapLabel), never as markup.
 */
export default function MapPanel({
  park,
  data,
  permitted,
  loading,
  error,
  live,
  alarmed,
  palette,
}: {
  park: Park;
  data: ParkMapData | undefined;
  permitted: boolean;
  loading: boolean;
  error: boolean;
  live: readonly LiveDevice[];
  alarmed: ReadonlySet<number>;
  palette: Palette;
}) {
  const { t } = useTranslation();
  // readings arrive many times a minute; the markers are drawn again only when a device's status changes
  const statusKey = live.map((d) => `${d.deviceId}:${d.online ? 1 : 0}`).join(',');
  const onlineById = useMemo(
    () => new Map(statusKey.split(',').map((s) => [Number(s.split(':')[0]), s.endsWith(':1')] as const)),
    [statusKey],
  );
  const polygons = useMemo((): MapPolygon[] => {
    if (!data) return [];
    const list: MapPolygon[] = [];
    if (data.point && data.point.boundary.length >= 3)
      list.push({ id: 'boundary', ring: data.point.boundary, color: palette.boundary });
    for (const p of data.plots)
      list.push({ id: `plot-${p.areaPointId}`, ring: p.boundary, color: palette.plot, label: p.areaName });
    return list;
  }, [data, palette]);
  const markers = useMemo(
    (): MapMarker[] =>
      (data?.placed ?? []).flatMap((d) => {
        if (d.longitude === null || d.latitude === null) return [];
        const online = onlineById.get(d.deviceId) ?? d.online;
        const color = alarmed.has(d.deviceId) ? palette.alarm : online ? palette.online : palette.offline;
        return [{ id: String(d.deviceId), at: [d.longitude, d.latitude] as LngLat, color, label: d.deviceName }];
      }),
    [data, onlineById, alarmed, palette],
  );
  const { box, size, view } = useFittedView(polygons, markers);
  const centre: LngLat | null = data?.point
    ? [data.point.longitude, data.point.latitude]
    : park.longitude !== null && park.latitude !== null
      ? [park.longitude, park.latitude]
      : null;
  const empty = polygons.length === 0 && markers.length === 0;
  const counts = { alarm: 0, online: 0, offline: 0 };
  for (const m of markers)
    counts[m.color === palette.alarm ? 'alarm' : m.color === palette.online ? 'online' : 'offline'] += 1;
  return (
    <Panel
      title={t('screen.map.title')}
      area="map"
      testId="screen-map"
      bodyStyle={{ padding: 0, position: 'relative' }}
      state={{
        forbidden: !permitted,
        loading: loading && !data,
        error: error && !data,
        empty,
        emptyText: t('screen.map.noMap'),
      }}
    >
      {data ? (
        <div ref={box} className={css.map} data-markers={markers.length} data-plots={data.plots.length}>
          {size ? (
            // keyed by the view: the shared map takes its centre and zoom when it starts
            <MapCanvas
              key={view ? `${view.center.join(',')}@${view.zoom}` : 'park'}
              center={view?.center ?? centre ?? [0, 0]}
              zoom={view?.zoom ?? data.point?.zoom ?? 16}
              polygons={polygons}
              markers={markers}
              height="100%"
              testId="screen-map-canvas"
            />
          ) : null}
          <MapLegend
            palette={palette}
            label={(k) => `${t(`screen.map.${k}`)} ${counts[k]}`}
            testId={(k) => `screen-map-${k}`}
          />
        </div>
      ) : null}
    </Panel>
  );
}

type DotKind = 'online' | 'offline' | 'alarm';

/** What the dots' colours mean on a screen's map. */
export function MapLegend(props: { palette: Palette; label: (k: DotKind) => string; testId?: (k: DotKind) => string }) {
  return (
    <div className={css.legend}>
      {(['online', 'offline', 'alarm'] as const).map((k) => (
        <span key={k} className={css.row} style={{ gap: 6 }} data-testid={props.testId?.(k)}>
          <span className={css.dot} style={{ background: props.palette[k] }} />
          {props.label(k)}
        </span>
      ))}
    </div>
  );
}
