import type { GroupPoint, LngLat, Park } from '@farmpark/contracts';

/** Somewhere in China: the view of a park with no location yet. */
const DEFAULT_CENTER: LngLat = [116.4, 39.9];

export function parkCenter(park: Park, point: GroupPoint | null): { center: LngLat; zoom: number } {
  if (point) return { center: [point.longitude, point.latitude], zoom: point.zoom };
  if (park.longitude !== null && park.latitude !== null) return { center: [park.longitude, park.latitude], zoom: 15 };
  return { center: DEFAULT_CENTER, zoom: 5 };
}

export const PARK_COLOR = '#1677ff';
export const AREA_COLOR = '#52c41a';
export const EDIT_COLOR = '#fa8c16';
export const LANDMARK_COLOR = '#bfbfbf';
