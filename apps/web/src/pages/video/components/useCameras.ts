import type { CameraListItem, CameraPurpose, VideoCamera } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { getCameras, getParkCameras } from '../../../api/video';
import { parkLabel, useParkStore } from '../../../stores/park';

export const CAMERAS_KEY = ['video', 'cameras'];

/** A camera as the watching pages need it (the wall, playback, seedling pictures). */
export type WallCamera = Pick<
  VideoCamera,
  'id' | 'name' | 'groupId' | 'online' | 'enabled' | 'ptz' | 'purpose' | 'kind'
> & { fault: CameraListItem['fault'] };

const fromList = (c: CameraListItem): WallCamera => ({
  id: c.deviceId,
  name: c.deviceName,
  groupId: c.groupId,
  online: c.online,
  enabled: c.enabled,
  ptz: c.ptz,
  purpose: c.purpose,
  kind: c.kind,
  fault: c.fault,
});

const parkNameOf = (parks: ReturnType<typeof useParkStore.getState>['parks']) => (groupId: number) => {
  const p = parks.find((x) => x.groupId === groupId);
  return p ? parkLabel(p) : String(groupId);
};

/**
 * The set-up cameras of every park of the caller (SPEC's camera list per park, the watching pages'
 * permission), optionally of one purpose, with their parks' names.
 */
export function useWallCameras(purpose?: CameraPurpose) {
  const parks = useParkStore((s) => s.parks);
  const ids = parks.map((p) => p.groupId);
  const query = useQuery({
    queryKey: ['video', 'wallCameras', ids],
    queryFn: async () => (await Promise.all(ids.map((g) => getParkCameras(g)))).flat().map(fromList),
    enabled: ids.length > 0,
  });
  const cameras = (query.data ?? []).filter((c) => c.kind !== null && (!purpose || c.purpose === purpose));
  return { ...query, cameras, parkName: parkNameOf(parks) };
}

/** Every camera device with its video settings, for video setup (the setup page's permission). */
export function useCameras() {
  const parks = useParkStore((s) => s.parks);
  const query = useQuery({ queryKey: CAMERAS_KEY, queryFn: () => getCameras() });
  return { ...query, parkName: parkNameOf(parks) };
}

/** Cameras grouped by park, parks in the selector's order. */
export function byPark<C extends { groupId: number }>(cameras: C[]): Map<number, C[]> {
  const m = new Map<number, C[]>();
  for (const c of cameras) m.set(c.groupId, [...(m.get(c.groupId) ?? []), c]);
  return m;
}
