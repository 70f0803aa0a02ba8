import type { MerchantUserInfo } from '@farmpark/contracts';
import { create } from 'zustand';
import type { AppRoute } from '../config/routeTypes';
import { getToken, removeToken, setToken } from '../utils/auth';

interface SessionState {
  token: string | undefined;
  user: MerchantUserInfo | null;
  /** SPEC §4: false on load, true after routes are added; a park switch sets it back to false. */
  permissionReady: boolean;
  /** Every route this user may open (router and breadcrumb). */
  routes: AppRoute[];
  /** The sidebar tree: routes minus hidden ones and those the active park has no devices for. */
  menu: AppRoute[];
  signIn: (token: string) => void;
  setUser: (user: MerchantUserInfo) => void;
  setRoutes: (routes: AppRoute[], menu: AppRoute[]) => void;
  resetPermission: () => void;
  /** SPEC §4 token reset: cookie, session storage, routes and user state. */
  resetToken: () => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  token: getToken(),
  user: null,
  permissionReady: false,
  routes: [],
  menu: [],
  signIn: (token) => {
    setToken(token);
    set({ token, user: null, permissionReady: false, routes: [], menu: [] });
  },
  setUser: (user) => set({ user }),
  setRoutes: (routes, menu) => set({ routes, menu, permissionReady: true }),
  resetPermission: () => set({ permissionReady: false }),
  resetToken: () => {
    removeToken();
    sessionStorage.clear();
    set({ token: undefined, user: null, permissionReady: false, routes: [], menu: [] });
  },
}));
