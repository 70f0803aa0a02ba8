import type { NavigateFunction } from 'react-router';
import { useParkStore } from '../stores/park';
import { useSessionStore } from '../stores/session';

/**
 * SPEC §4 park switch: set the active park, mark permissions not ready (the guard then rebuilds the
 * routes and reloads the device class flags) and pass through /refresh back to the current page.
 */
export function switchPark(groupId: number, navigate: NavigateFunction, from: string): void {
  useParkStore.getState().setActive(groupId);
  useSessionStore.getState().resetPermission();
  navigate('/refresh', { state: { from } });
}
