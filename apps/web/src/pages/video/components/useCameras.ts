import type { CameraPurpose, VideoCamera } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { getCameras } from '../../../api/video';
import { parkLabel, useParkStore } from '../../../stores/park';

export const CAMERAS_KEY = ['video', 'cameras'];

/** The caller's set-up cameras (every park), optionally of one purpose, with their parks' names. */
export function useCameras(purpose?: CameraPurpose) {
  const parks = useParkStore((s) => s.parks);
  const query = useQuery({ queryKey: CAMERAS_KEY, queryFn: () => getCameras() });
  const cameras = (query.data ?? []).filter((c) => c.kind !== null && (!purpose || c.purpose === purpose));
  const parkName = (groupId: number) => {
    const p = parks.find((x) => x.groupId === groupId);
    return p ? parkLabel(p) : String(groupId);
  };
  return { ...query, cameras, parkName };
}

/** Cameras grouped by park, parks in the selector's order. */
export function byPark(cameras: VideoCamera[]): Map<number, VideoCamera[]> {
  const m = new Map<number, VideoCamera[]>();
  for (const c of cameras) m.set(c.groupId, [...(m.get(c.groupId) ?? []), c]);
  return m;
}
