import { type DeviceClassFlags, emptyFlags, type Park } from '@farmpark/contracts';
import { create } from 'zustand';
import { STORAGE } from '../config/storage';

/** SPEC §4: the stored group id if it still matches a park (compared as numbers), else the first park. */
export function pickActivePark(parks: readonly Park[], storedGroupId: string | null): Park | undefined {
  const wanted = storedGroupId === null ? Number.NaN : Number(storedGroupId);
  return parks.find((p) => Number(p.groupId) === wanted) ?? parks[0];
}

/** SPEC §2 selector label: `holderMan-groupName` when a holder is set, else the name. */
export const parkLabel = (p: Pick<Park, 'holderMan' | 'groupName'>): string =>
  p.holderMan ? `${p.holderMan}-${p.groupName}` : p.groupName;

interface ParkState {
  parks: Park[];
  activeGroupId: number | null;
  flags: DeviceClassFlags;
  setParks: (parks: Park[]) => void;
  setActive: (groupId: number) => void;
  setFlags: (flags: DeviceClassFlags) => void;
}

export const useParkStore = create<ParkState>((set) => ({
  parks: [],
  activeGroupId: null,
  flags: emptyFlags(),
  setParks: (parks) => set({ parks }),
  setActive: (groupId) => {
    sessionStorage.setItem(STORAGE.groupId, String(groupId));
    set({ activeGroupId: groupId });
  },
  setFlags: (flags) => set({ flags }),
}));

export const useActivePark = (): Park | undefined =>
  useParkStore((s) => s.parks.find((p) => p.groupId === s.activeGroupId));
