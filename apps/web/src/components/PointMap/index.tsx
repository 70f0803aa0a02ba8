import '../areaTexts';
import { Empty } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mapLabel } from '../MapCanvas/mapLabel';

export interface MapPoint {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  /** Green when on/online, grey otherwise. */
  active: boolean;
}

/** Build-time tile address (e.g. https://tile.example/{z}/{x}/{y}.png); empty: points on a plain background. */
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL ?? '';

/**
 * Device positions on a small Leaflet map. Leaflet loads with the first map shown; without a tile
 * address (offline sites) the points are drawn on a plain background instead of a broken map.
 */
export default function PointMap({ points, height = 280 }: { points: readonly MapPoint[]; height?: number }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current || points.length === 0) return;
    let map: import('leaflet').Map | null = null;
    let cancelled = false;
    Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      .then(([mod]) => {
        const L = (mod as unknown as { default?: typeof import('leaflet') }).default ?? mod;
        if (cancelled || !host.current) return;
        map = L.map(host.current, { attributionControl: Boolean(TILE_URL), zoomSnap: 0.5 });
        if (TILE_URL) L.tileLayer(TILE_URL, { maxZoom: 19 }).addTo(map);
        const bounds = L.latLngBounds([]);
        for (const p of points) {
          const ll = L.latLng(p.latitude, p.longitude);
          bounds.extend(ll);
          L.circleMarker(ll, {
            radius: 8,
            color: '#fff',
            weight: 2,
            fillColor: p.active ? '#52c41a' : '#8c8c8c',
            fillOpacity: 1,
          })
            .bindTooltip(mapLabel(p.name), { permanent: points.length <= 12, direction: 'top', offset: [0, -8] })
            .addTo(map);
        }
        map.fitBounds(bounds.pad(0.3), { maxZoom: 17 });
      })
      .catch((err: unknown) => console.error('[map] leaflet failed to load', err));
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [points]);
  if (points.length === 0) return <Empty description={t('map.noPositions')} data-testid="map-empty" />;
  return (
    <div
      ref={host}
      data-testid="point-map"
      data-points={points.length}
      style={{ height, width: '100%', background: TILE_URL ? undefined : '#eef3ea', borderRadius: 6 }}
    />
  );
}
