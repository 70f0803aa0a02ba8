import type { LngLat } from '@farmpark/contracts';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MapMarker, MapPolygon } from '../../components/MapCanvas';
import { viewOf } from './mapView';

/**
 * A screen map's view fitted to what it shows, once the map's box has its layout size (the stage's, before
 * the scale, so measured once). `size` stays null until then: the map waits for it.
 */
export function useFittedView(polygons: MapPolygon[], markers: MapMarker[], margin?: number) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    if (box.current && !size) setSize({ width: box.current.clientWidth, height: box.current.clientHeight });
  });
  const view = useMemo(() => {
    const pts: LngLat[] = [...polygons.flatMap((p) => p.ring), ...markers.map((m) => m.at)];
    return size ? viewOf(pts, size.width, size.height, margin) : null;
  }, [polygons, markers, size, margin]);
  return { box, size, view };
}
