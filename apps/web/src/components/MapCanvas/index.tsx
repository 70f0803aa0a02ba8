import type { LngLat } from '@farmpark/contracts';
import { useEffect, useRef, useState } from 'react';
import { declutter, type PlacedLabel } from './declutter';
import { mapDot, mapLabel } from './mapLabel';

type Leaflet = typeof import('leaflet');

export interface MapPolygon {
  id: string;
  ring: LngLat[];
  color: string;
  label?: string;
  /** Vertices get draggable handles (the polygon being edited). */
  editable?: boolean;
}

export interface MapMarker {
  id: string;
  at: LngLat;
  color: string;
  label: string;
  draggable?: boolean;
  /** Name always shown beside the marker (e.g. a park), not only on hover. */
  permanentLabel?: boolean;
  onClick?: () => void;
}

export interface MapCanvasProps {
  center: LngLat;
  zoom: number;
  polygons: MapPolygon[];
  markers: MapMarker[];
  onMapClick?: (at: LngLat) => void;
  onVertexMove?: (polygonId: string, index: number, at: LngLat) => void;
  onMarkerMove?: (markerId: string, at: LngLat) => void;
  /** Fit the view to these points once they are known (else center/zoom)... */
  fitTo?: LngLat[];
  /** ...and again whenever this key changes (e.g. another park picked). */
  fitKey?: string;
  height?: number | string;
  cursor?: 'crosshair' | 'default';
  testId?: string;
}

const TILE_URL = import.meta.env.VITE_MAP_TILE_URL ?? '';
const round = (v: number) => Math.round(v * 1e7) / 1e7;
const toLngLat = (ll: { lat: number; lng: number }): LngLat => [round(ll.lng), round(ll.lat)];

/**
 * A Leaflet map drawn from props: polygons (one may be editable) and markers. Leaflet loads with the
 * first map; without a tile address (offline sites) the map is a plain background and stays usable
 * for drawing, since clicks and drags work in coordinates, not on tiles.
 */
export default function MapCanvas(props: MapCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const [L, setL] = useState<Leaflet | null>(null);
  const map = useRef<import('leaflet').Map | null>(null);
  const layer = useRef<import('leaflet').LayerGroup | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const fitted = useRef<string | null>(null);
  const tidy = useRef<() => void>(() => {});

  useEffect(() => {
    let cancelled = false;
    Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      .then(([mod]) => {
        if (cancelled || !host.current) return;
        const lib = (mod as unknown as { default?: Leaflet }).default ?? (mod as unknown as Leaflet);
        const m = lib.map(host.current, { attributionControl: Boolean(TILE_URL), zoomSnap: 0.5 });
        if (TILE_URL) lib.tileLayer(TILE_URL, { maxZoom: 19 }).addTo(m);
        const { center, zoom } = latest.current;
        m.setView([center[1], center[0]], zoom);
        m.on('click', (e) => latest.current.onMapClick?.(toLngLat(e.latlng)));
        // labels move with the view: decide again which fit once it settles
        m.on('zoomend moveend resize', () => requestAnimationFrame(() => tidy.current()));
        layer.current = lib.layerGroup().addTo(m);
        map.current = m;
        setL(lib);
      })
      .catch((err: unknown) => console.error('[map] leaflet failed to load', err));
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
    };
  }, []);

  const { polygons, markers, fitTo, fitKey = '' } = props;
  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!L || !m || !group) return;
    group.clearLayers();
    const placed: (() => PlacedLabel | null)[] = [];
    for (const p of polygons) {
      const lls = p.ring.map(([lng, lat]) => L.latLng(lat, lng));
      if (lls.length >= 3) {
        const poly = L.polygon(lls, { color: p.color, weight: 2, fillOpacity: 0.15, interactive: false });
        if (p.label)
          poly.bindTooltip(mapLabel(p.label), { permanent: true, direction: 'bottom', className: 'map-area-label' });
        poly.addTo(group);
        // The name hangs from the top of the area, so the devices placed inside it stay visible.
        if (p.label) {
          const b = poly.getBounds();
          poly.openTooltip(L.latLng(b.getNorth(), (b.getWest() + b.getEast()) / 2));
        }
        if (p.label)
          placed.push(() => {
            const el = poly.getTooltip()?.getElement();
            if (!el) return null;
            const b = poly.getBounds();
            const ne = m.latLngToContainerPoint(b.getNorthEast());
            const sw = m.latLngToContainerPoint(b.getSouthWest());
            return { el, priority: 1, room: { width: ne.x - sw.x, height: sw.y - ne.y } };
          });
      } else if (lls.length === 2) {
        L.polyline(lls, { color: p.color, weight: 2, dashArray: '4 4', interactive: false }).addTo(group);
      }
      if (!p.editable) continue;
      lls.forEach((ll, i) => {
        const handle = L.marker(ll, {
          draggable: true,
          icon: L.divIcon({
            className: '',
            html: mapDot({ testId: `vertex-${i}`, color: p.color, size: 12, fill: '#fff' }),
            iconSize: [12, 12],
            iconAnchor: [6, 6],
          }),
        });
        handle.on('dragend', () => latest.current.onVertexMove?.(p.id, i, toLngLat(handle.getLatLng())));
        handle.addTo(group);
      });
    }
    for (const mk of markers) {
      const marker = L.marker(L.latLng(mk.at[1], mk.at[0]), {
        draggable: Boolean(mk.draggable),
        icon: L.divIcon({
          className: '',
          html: mapDot({ testId: `marker-${mk.id}`, color: mk.color, size: 16, shadow: true }),
          iconSize: [16, 16],
          iconAnchor: [8, 8],
        }),
      });
      marker.bindTooltip(mapLabel(mk.label), {
        direction: 'top',
        offset: [0, -8],
        permanent: Boolean(mk.permanentLabel),
      });
      if (mk.onClick) marker.on('click', mk.onClick);
      marker.on('dragend', () => latest.current.onMarkerMove?.(mk.id, toLngLat(marker.getLatLng())));
      marker.addTo(group);
      if (mk.permanentLabel)
        placed.push(() => {
          const el = marker.getTooltip()?.getElement();
          return el ? { el, priority: 2 } : null;
        });
    }
    tidy.current = () => declutter(placed.map((f) => f()).filter((x): x is PlacedLabel => x !== null));
    if (fitted.current !== fitKey && fitTo && fitTo.length > 0) {
      fitted.current = fitKey;
      const b = L.latLngBounds(fitTo.map(([lng, lat]) => L.latLng(lat, lng)));
      m.fitBounds(b.pad(0.2), { maxZoom: 17 });
    }
    requestAnimationFrame(() => tidy.current());
  }, [L, polygons, markers, fitTo, fitKey]);

  return (
    <div
      ref={host}
      data-testid={props.testId ?? 'map-canvas'}
      data-ready={L ? 'true' : 'false'}
      style={{
        height: props.height ?? 420,
        width: '100%',
        background: TILE_URL ? undefined : '#eef3ea',
        borderRadius: 6,
        cursor: props.cursor ?? 'default',
      }}
    />
  );
}
