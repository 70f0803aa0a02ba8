import '../areaTexts';
import type { LngLat, ScreenParkSummary } from '@farmpark/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import MapCanvas, { type MapMarker, type MapPolygon } from '../../../components/MapCanvas';
import Panel from '../Panel';
import type { Palette } from '../palette';
import { MapLegend } from '../panels/MapPanel';
import css from '../screen.module.css';
import { useFittedView } from '../useFittedView';

/**
 * The screen's parks on one map without tiles: each park's boundary where drawn, and a dot at its
 * location with its name, red when it has open alarms, green when any device is online, grey otherwise.
 * Names reach the map as text (MapCanvas/mapLabel).
 */
export default function ParksMap({ parks, palette }: { parks: readonly ScreenParkSummary[]; palette: Palette }) {
  const { t } = useTranslation();
  const colorOf = (p: ScreenParkSummary) =>
    p.alarms ? palette.alarm : p.devices.online > 0 ? palette.online : palette.offline;
  // drawn again only when a park's place, boundary or colour changes, not on every refresh
  const shapeKey = parks
    .map((p) => `${p.groupId}:${p.longitude},${p.latitude}:${p.boundary.length}:${colorOf(p)}:${p.groupName}`)
    .join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: shapeKey stands for what is drawn of the parks
  const { polygons, markers } = useMemo(() => {
    const polygons: MapPolygon[] = parks
      .filter((p) => p.boundary.length >= 3)
      .map((p) => ({ id: `park-${p.groupId}`, ring: p.boundary, color: palette.boundary }));
    const markers: MapMarker[] = parks.flatMap((p) =>
      p.longitude === null || p.latitude === null
        ? []
        : [
            {
              id: String(p.groupId),
              at: [p.longitude, p.latitude] as LngLat,
              color: colorOf(p),
              label: p.groupName,
              permanentLabel: true,
            },
          ],
    );
    return { polygons, markers };
  }, [shapeKey, palette]);
  // a margin of a fifth keeps the names of parks at the edge inside the panel
  const { box, size, view } = useFittedView(polygons, markers, 0.2);
  const unplaced = parks.length - markers.length;
  return (
    <Panel
      title={t('screen.multi.map')}
      area="map"
      testId="screen-multi-map"
      extra={unplaced > 0 ? t('screen.multi.unplaced', { count: unplaced }) : undefined}
      bodyStyle={{ padding: 0, position: 'relative' }}
      state={{ empty: markers.length === 0 && polygons.length === 0, emptyText: t('screen.multi.noPlaces') }}
    >
      <div ref={box} className={css.map} data-markers={markers.length}>
        {size && view ? (
          <MapCanvas
            key={`${view.center.join(',')}@${view.zoom}`}
            center={view.center}
            zoom={Math.min(view.zoom, 16)}
            polygons={polygons}
            markers={markers}
            height="100%"
            testId="screen-multi-map-canvas"
          />
        ) : null}
        <MapLegend palette={palette} label={(k) => t(`screen.multi.legend.${k}`)} />
      </div>
    </Panel>
  );
}
