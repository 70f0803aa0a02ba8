import Cookies from 'js-cookie';
import { create } from 'zustand';
import { STORAGE } from '../config/storage';

export type DeviceMode = 'desktop' | 'mobile';

/** SPEC §9: '1' open, '0' closed; no cookie means open. */
export const readSidebarOpened = (): boolean => Cookies.get(STORAGE.sidebarCookie) !== '0';

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: DeviceMode;
  mqttConnected: boolean;
  forcedLogoutOpen: boolean;
  toggleSidebar: () => void;
  setDevice: (device: DeviceMode) => void;
  setMqttConnected: (connected: boolean) => void;
  setForcedLogoutOpen: (open: boolean) => void;
}

export const useAppStore = create<AppState>((set, get) => ({
  sidebar: { opened: readSidebarOpened(), withoutAnimation: false },
  device: 'desktop',
  mqttConnected: false,
  forcedLogoutOpen: false,
  toggleSidebar: () => {
    const opened = !get().sidebar.opened;
    Cookies.set(STORAGE.sidebarCookie, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  setDevice: (device) => set({ device }),
  setMqttConnected: (mqttConnected) => set({ mqttConnected }),
  setForcedLogoutOpen: (forcedLogoutOpen) => set({ forcedLogoutOpen }),
}));
